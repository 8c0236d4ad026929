import { InboxPage, Problem } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { SessionResolver } from '../identity/index.ts'
import type { MessagingService } from './messaging.service.ts'

const bearer: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }]

export const messagingRoutes =
  ({ messaging, sessions }: { messaging: MessagingService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/messages/',
      {
        schema: {
          tags: ['messages'],
          summary:
            'Messages from Tulpar Auto, newest first (moderation outcomes, alerts); `unread` counts conversations too',
          security: bearer,
          response: { 200: InboxPage, 401: Problem },
        },
      },
      async (req) => messaging.listMyMessages(await sessions.requireUser(req)),
    )

    app.post(
      '/messages/read/',
      {
        schema: {
          tags: ['messages'],
          summary: 'Mark all my messages as read',
          security: bearer,
          response: { 200: z.object({ message: z.string() }), 401: Problem },
        },
      },
      async (req) => {
        await messaging.markAllRead(await sessions.requireUser(req))
        return { message: 'read' }
      },
    )
  }
