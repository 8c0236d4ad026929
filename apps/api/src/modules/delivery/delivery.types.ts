import type { Db } from '../../db/client.ts'

/** Which way a message leaves: email or SMS. */
export type DeliveryChannel = 'email' | 'sms' | 'webpush' | 'fcm'

interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alerts. */
  headers?: Record<string, string>
}

/**
 * `via.tx`: the transaction the delivery's receipt is written in. The local adapters write their outbox row in it
 * (so a retried job delivers once, and on the single-connection PGlite they must); gateways ignore it.
 */
interface DeliveryContext {
  tx?: Db
}

export interface Mailer {
  send(message: MailMessage, via?: DeliveryContext): Promise<void>
}

interface SmsMessage {
  /** E.164, e.g. +77011234567. */
  to: string
  text: string
}

export interface SmsGateway {
  send(message: SmsMessage, via?: DeliveryContext): Promise<void>
}

/** A notification for a browser (Web Push) or the app (FCM). */
interface PushMessage {
  title: string
  body: string
  /** Where tapping it leads (a path on our site). */
  url: string
}

interface WebPushSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

/** Thrown when the push service says the subscription or token is gone (404/410): forget it, do not retry. */
export class PushTargetGoneError extends Error {
  readonly channel: 'webpush' | 'fcm'
  constructor(channel: 'webpush' | 'fcm') {
    super(`${channel} target is gone`)
    this.channel = channel
    this.name = 'PushTargetGoneError'
  }
}

export interface PushGateway {
  sendWebPush(subscription: WebPushSubscription, message: PushMessage, via?: DeliveryContext): Promise<void>
  sendFcm(token: string, message: PushMessage, via?: DeliveryContext): Promise<void>
}

/**
 * A message could not be handed to its gateway (SMTP server, SMSC). `code` is the gateway's own code when
 * it gave one (SMSC `error_code`, nodemailer's `ECONNECTION`...). Messages never contain credentials.
 */
export class DeliveryError extends Error {
  readonly channel: DeliveryChannel
  readonly code: string | null
  constructor(channel: DeliveryChannel, message: string, options: { code?: string | null; cause?: unknown } = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined)
    this.channel = channel
    this.code = options.code ?? null
    this.name = 'DeliveryError'
  }
}
