import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outboxMessages } from './delivery.tables.ts'
import type { DeliveryChannel, Mailer, PushGateway, SmsGateway } from './delivery.types.ts'

export type OutboxMessage = typeof outboxMessages.$inferSelect

/**
 * The local adapters: instead of reaching a gateway, messages are written to `outbox_messages`, where
 * developers and end-to-end tests read them (GET /dev/outbox, `latestOutboxMessage`).
 */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message, via) {
      await (via?.tx ?? db).insert(outboxMessages).values({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        headers: message.headers ?? null,
      })
    },
  }
}

export function createOutboxSms(db: Db): SmsGateway {
  return {
    async send(message, via) {
      await (via?.tx ?? db)
        .insert(outboxMessages)
        .values({ channel: 'sms', recipient: message.to, subject: null, body: message.text })
    },
  }
}

/** Push messages that would go to a browser (recipient: the subscription endpoint) or the app (the FCM token). */
export function createOutboxPush(db: Db): PushGateway {
  return {
    async sendWebPush(subscription, message, via) {
      await (via?.tx ?? db).insert(outboxMessages).values({
        channel: 'webpush',
        recipient: subscription.endpoint,
        subject: message.title,
        body: message.body,
        headers: { url: message.url },
      })
    },
    async sendFcm(token, message, via) {
      await (via?.tx ?? db).insert(outboxMessages).values({
        channel: 'fcm',
        recipient: token,
        subject: message.title,
        body: message.body,
        headers: { url: message.url },
      })
    },
  }
}

export interface ListOutboxOptions {
  /** Only messages to this phone or address. */
  recipient?: string
  limit?: number
}

/** The newest messages first. */
export async function listOutbox(db: Db, { recipient, limit = 50 }: ListOutboxOptions = {}): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(recipient === undefined ? undefined : eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit)
}

/** The last message sent to `recipient` on `channel`, or null. */
export async function latestOutboxMessage(
  db: Db,
  recipient: string,
  channel: DeliveryChannel,
): Promise<OutboxMessage | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1)
  return row ?? null
}
