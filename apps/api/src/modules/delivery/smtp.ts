import { createTransport } from 'nodemailer'
import { DeliveryError, type Mailer } from './delivery.types.ts'

export interface SmtpMailerOptions {
  /**
   * smtp://user:pass@host:587 or smtps://...:465. Nodemailer reads transport options from the query string,
   * e.g. `?connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000` (its defaults are minutes long).
   */
  url: string
  /** The From header, e.g. `Tulpar Auto <no-reply@tulpar.kz>`. */
  from: string
}

/** Sends through an SMTP server; any failure becomes a DeliveryError on the 'email' channel. */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  const transport = createTransport(url, { from })
  return {
    async send(message) {
      try {
        await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers === undefined ? {} : { headers: message.headers }),
        })
      } catch (error) {
        const code = (error as { code?: unknown }).code
        const reason = error instanceof Error ? error.message : String(error)
        throw new DeliveryError('email', `SMTP delivery failed: ${reason}`, {
          code: typeof code === 'string' ? code : null,
          cause: error,
        })
      }
    },
  }
}
