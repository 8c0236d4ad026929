/** Which way a message leaves: email or SMS. */
export type DeliveryChannel = 'email' | 'sms'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

export interface SmsMessage {
  /** E.164, e.g. +77011234567. */
  to: string
  text: string
}

export interface SmsGateway {
  send(message: SmsMessage): Promise<void>
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
