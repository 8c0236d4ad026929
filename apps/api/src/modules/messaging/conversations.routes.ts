import {
  ConversationDetail,
  ConversationList,
  ConversationParams,
  ConversationReportList,
  Problem,
  ReportConversationBody,
  ReportParams,
  ResolveReportBody,
  SendMessageBody,
  SentMessage,
  StartConversationBody,
  StartedConversation,
  UnreadMessages,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import type { SessionResolver } from '../identity/index.ts'
import { CHAT_LIMITS } from './conversations.limits.ts'
import { type MessageHub, RECONNECT_HINT } from './live.ts'
import type { MessagingService } from './messaging.service.ts'
import { createStreamSessionGuard, STREAM_SESSION_CHECK_MS } from './stream-sessions.ts'

const security: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }]
const tags = ['messages']
const Done = z.object({ message: z.string() })
/** Streams one user may hold open in one process (tabs, devices); more are refused rather than piling up. */
const STREAMS_PER_USER = 5
const HEARTBEAT_MS = 25_000
const { messagesBurst: burst, messagesHour: hour, conversationsHour: started, flaggedHour: flagged } = CHAT_LIMITS
const limits =
  `At most ${burst.normal} messages in ${burst.windowSeconds} s and ${hour.normal} an hour per user, ` +
  `${started.normal} new conversations an hour, ${flagged.normal} messages an hour that earn scam warnings; ` +
  `an account younger than a day ${burst.newAccount}, ${hour.newAccount}, ${started.newAccount} and ` +
  `${flagged.newAccount} (429 \`rate_limited\` with Retry-After). 409 \`conversation.blocked\` when either person ` +
  'blocked the other, in this conversation or one about another car.'

export const conversationsRoutes =
  ({
    messaging,
    messageHub,
    sessions,
  }: {
    messaging: MessagingService
    messageHub: MessageHub
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const bodyLimit = 8 * 1024
    const streamSessions = createStreamSessionGuard({ liveSessionIds: sessions.liveSessionIds, log: app.log })
    app.addHook('onClose', async () => streamSessions.stop())

    app.post(
      '/conversations/',
      {
        bodyLimit,
        schema: {
          tags,
          summary: 'Write to the seller of a published listing (starts the conversation or continues it)',
          description: limits,
          security,
          body: StartConversationBody,
          response: {
            201: StartedConversation,
            400: Problem,
            401: Problem,
            403: Problem,
            404: Problem,
            409: Problem,
            429: Problem,
          },
        },
      },
      async (req, reply) => {
        const u = await sessions.requireUser(req)
        const started = await withRetryAfter(reply, () =>
          messaging.startConversation(u, req.body.listingId, req.body.body),
        )
        reply.status(201)
        return started
      },
    )

    app.get(
      '/conversations/',
      {
        schema: {
          tags,
          summary: 'My conversations (and Tulpar Auto’s thread), latest first, with unread counts',
          security,
          response: { 200: ConversationList, 401: Problem },
        },
      },
      async (req) => messaging.listConversations(await sessions.requireUser(req)),
    )

    app.get(
      '/conversations/:id/',
      {
        schema: {
          tags,
          summary: 'One of my conversations: messages oldest first, contacts masked unless shared, scam warnings',
          security,
          params: ConversationParams,
          response: { 200: ConversationDetail, 400: Problem, 401: Problem, 404: Problem },
        },
      },
      async (req) => messaging.getConversation(await sessions.requireUser(req), req.params.id),
    )

    app.post(
      '/conversations/:id/messages/',
      {
        bodyLimit,
        schema: {
          tags,
          summary: 'Send a message (409 `conversation.blocked` once either side blocked)',
          description: limits,
          security,
          params: ConversationParams,
          body: SendMessageBody,
          response: { 201: SentMessage, 400: Problem, 401: Problem, 404: Problem, 409: Problem, 429: Problem },
        },
      },
      async (req, reply) => {
        const u = await sessions.requireUser(req)
        const sent = await withRetryAfter(reply, () => messaging.sendMessage(u, req.params.id, req.body.body))
        reply.status(201)
        return sent
      },
    )

    const action = (
      path: string,
      method: 'POST' | 'PUT' | 'DELETE',
      summary: string,
      run: (u: Awaited<ReturnType<SessionResolver['requireUser']>>, id: number) => Promise<void>,
    ) =>
      app.route({
        method,
        url: `/conversations/:id/${path}`,
        schema: {
          tags,
          summary,
          security,
          params: ConversationParams,
          response: { 200: Done, 400: Problem, 401: Problem, 404: Problem },
        },
        handler: async (req) => {
          await run(await sessions.requireUser(req), req.params.id)
          return { message: 'ok' }
        },
      })
    action('read/', 'POST', 'Mark the conversation read', (u, id) => messaging.markRead(u, id))
    action('contacts/', 'PUT', 'Show my phone and e-mail to the other side', (u, id) =>
      messaging.shareContacts(u, id, true),
    )
    action('contacts/', 'DELETE', 'Hide my phone and e-mail again', (u, id) => messaging.shareContacts(u, id, false))
    action('block/', 'POST', 'Block the other side (neither writes to the other again, about any car)', (u, id) =>
      messaging.block(u, id, true),
    )
    action('block/', 'DELETE', 'Unblock (in every conversation with that person)', (u, id) =>
      messaging.block(u, id, false),
    )

    app.post(
      '/conversations/:id/report/',
      {
        bodyLimit,
        schema: {
          tags,
          summary: 'Report the conversation to the moderators',
          security,
          params: ConversationParams,
          body: ReportConversationBody,
          response: { 200: Done, 400: Problem, 401: Problem, 404: Problem },
        },
      },
      async (req) => {
        await messaging.report(await sessions.requireUser(req), req.params.id, req.body.reason)
        return { message: 'reported' }
      },
    )

    app.get(
      '/messages/unread/',
      {
        schema: {
          tags,
          summary: 'How many messages I have not read (Tulpar Auto’s and conversations)',
          security,
          response: { 200: UnreadMessages, 401: Problem },
        },
      },
      async (req) => ({ unread: (await messaging.listMyMessages(await sessions.requireUser(req))).unread }),
    )

    app.get(
      '/messages/stream/',
      {
        schema: {
          tags,
          summary: 'Server-sent events: `message` with the conversation id when a message for me is written',
          description:
            'Works across processes (PostgreSQL LISTEN/NOTIFY). A comment every 25 s keeps it open. The stream ends ' +
            `when its session does (sign-out, a password change, the account deleted): checked at each event and every ${STREAM_SESSION_CHECK_MS / 1000} s. ` +
            'When the process shuts down (a deploy) the stream gets `retry: 1000` and an `event: reconnect`, then ends: ' +
            'the browser reconnects to another process.',
          security,
          response: { 200: z.string().describe('text/event-stream'), 401: Problem, 429: Problem },
        },
      },
      async (req, reply) => {
        const { user: u, sessionId } = await sessions.requireSession(req)
        if (messageHub.streamsOf(u.id) >= STREAMS_PER_USER) {
          return reply.status(429).type('application/problem+json').send({
            type: 'about:blank',
            title: 'Too many open streams',
            status: 429,
            code: 'messages.too_many_streams',
          })
        }
        reply.hijack()
        const res = reply.raw
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        })
        res.write('retry: 5000\n\n')
        let ended = false
        // Once the session has ended, nothing more is written: the browser reconnects, and is refused (401).
        const end = () => {
          if (ended) return
          ended = true
          clearInterval(heartbeat)
          unsubscribe()
          unwatch()
          res.end()
        }
        const unsubscribe = messageHub.subscribe(
          u.id,
          (event) => {
            streamSessions.isLive(sessionId).then(
              (live) => {
                if (ended) return
                if (!live) return end()
                res.write(`event: message\ndata: ${JSON.stringify({ conversationId: event.conversationId })}\n\n`)
              },
              (err: unknown) => {
                req.log.warn({ err }, 'stream session not checked; stream ended')
                end()
              },
            )
          },
          () => drain(),
        )
        // On shutdown the stream is told to reconnect in a second (to another process) and ended (live.ts).
        const drain = () => {
          if (ended) return
          res.write(RECONNECT_HINT)
          end()
        }
        const unwatch = streamSessions.watch(sessionId, end)
        const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
        req.raw.on('close', end)
        res.on('error', end)
      },
    )

    app.get(
      '/admin/conversation-reports/',
      {
        schema: {
          tags: ['back office'],
          summary: 'Open reports of conversations, with the messages as written (staff)',
          security,
          response: { 200: ConversationReportList, 401: Problem, 403: Problem },
        },
      },
      async (req) => ({ results: await messaging.listReports(await sessions.requireUser(req)) }),
    )

    app.post(
      '/admin/conversation-reports/:id/resolve/',
      {
        bodyLimit: 1024,
        schema: {
          tags: ['back office'],
          summary: 'Dismiss a report, or block the reported side from writing in that conversation (staff)',
          security,
          params: ReportParams,
          body: ResolveReportBody,
          response: { 200: Done, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      async (req) => {
        await messaging.resolveReport(await sessions.requireUser(req), req.params.id, req.body.resolution)
        return { message: 'resolved' }
      },
    )
  }
