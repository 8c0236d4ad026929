import {
  Broadcast,
  BroadcastList,
  CreateBroadcastBody,
  Problem,
  PushSubscriptionBody,
  UnsubscribeQuery,
  UnsubscribeResult,
  VapidKey,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { NotificationsService } from './notifications.service.ts'

const security: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }]
const Message = z.object({ message: z.string() })

export const notificationsRoutes =
  ({
    notifications,
    sessions,
  }: {
    notifications: NotificationsService
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Mail clients send the one-click unsubscribe as a form (`List-Unsubscribe=One-Click`, RFC 8058); its content
    // says nothing the signed query does not, so it is read and ignored.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    )

    app.get(
      '/unsubscribe/',
      {
        schema: {
          tags: ['notifications'],
          summary: 'The link in an email: shows the unsubscribe page (GET never changes anything)',
          querystring: UnsubscribeQuery,
          response: { 303: z.null(), 400: Problem },
        },
      },
      async (req, reply) => {
        const q = new URLSearchParams({ u: req.query.u, t: req.query.t, s: req.query.s })
        return reply.header('cache-control', 'no-store').redirect(`/unsubscribe?${q}`, 303)
      },
    )

    app.post(
      '/unsubscribe/',
      {
        bodyLimit: 1024,
        schema: {
          tags: ['notifications'],
          summary: 'One-click unsubscribe (RFC 8058): works without signing in; the link is signed',
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeResult, 400: Problem },
        },
      },
      async (req) => notifications.unsubscribe(req.query),
    )

    app.get(
      '/push/vapid-key/',
      {
        schema: {
          tags: ['notifications'],
          summary: 'The public key browsers subscribe to Web Push with (null when push is not configured)',
          response: { 200: VapidKey },
        },
      },
      async () => ({ publicKey: notifications.vapidPublicKey() }),
    )

    app.put(
      '/push-subscriptions/',
      {
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['notifications'],
          summary: "Save this browser's Web Push subscription for my alerts",
          security,
          body: PushSubscriptionBody,
          response: { 200: Message, 400: Problem, 401: Problem },
        },
      },
      async (req) => {
        await notifications.savePushSubscription(await sessions.requireUser(req), req.body)
        return { message: 'saved' }
      },
    )

    app.delete(
      '/push-subscriptions/',
      {
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['notifications'],
          summary: "Forget this browser's Web Push subscription",
          security,
          body: z.object({ endpoint: z.string().max(1000) }),
          response: { 200: Message, 400: Problem, 401: Problem, 404: Problem },
        },
      },
      async (req) => {
        const removed = await notifications.deletePushSubscription(await sessions.requireUser(req), req.body.endpoint)
        if (!removed) throw new NotFoundError('Push subscription')
        return { message: 'deleted' }
      },
    )

    app.get(
      '/admin/broadcasts/',
      {
        schema: {
          tags: ['admin'],
          summary: 'News and promotions sent so far (staff)',
          security,
          response: { 200: BroadcastList, 401: Problem, 403: Problem },
        },
      },
      async (req) => ({ results: await notifications.listBroadcasts(await sessions.requireUser(req)) }),
    )

    app.post(
      '/admin/broadcasts/',
      {
        bodyLimit: 32 * 1024,
        schema: {
          tags: ['admin'],
          summary: 'Send news or a promotion to everyone who opted in, in their language (staff)',
          security,
          body: CreateBroadcastBody,
          response: { 201: Broadcast, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      async (req, reply) => {
        const u = await sessions.requireUser(req)
        reply.status(201)
        return notifications.createBroadcast(u, req.body)
      },
    )
  }
