import { randomUUID } from 'node:crypto'
import type { JobSender } from '../jobs/index.ts'
import type { Mailer, SmsGateway } from './delivery.types.ts'

/**
 * Mail and SMS as jobs: the request that asks for a code or a reset link only writes a job; a worker hands it to
 * the gateway with retries and backoff, so a slow or failing gateway never blocks or loses it.
 */
export function createQueuedMailer(jobs: JobSender): Mailer {
  return {
    async send(message, via) {
      await jobs.send(
        'email',
        {
          key: `email:${randomUUID()}`,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.headers ? { headers: message.headers } : {}),
        },
        via?.tx ? { tx: via.tx } : {},
      )
    },
  }
}

export function createQueuedSms(jobs: JobSender): SmsGateway {
  return {
    async send(message, via) {
      await jobs.send(
        'sms',
        { key: `sms:${randomUUID()}`, to: message.to, text: message.text },
        via?.tx ? { tx: via.tx } : {},
      )
    },
  }
}
