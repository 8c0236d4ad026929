import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Mailer, SmsGateway } from './delivery.types.ts'
import { createOutboxMailer, createOutboxSms } from './outbox.ts'
import { createSmscGateway } from './smsc.ts'
import { createSmtpMailer } from './smtp.ts'

export interface Delivery {
  mailer: Mailer
  sms: SmsGateway
}

/**
 * Picks the adapters from the configuration: SMTP when SMTP_URL is set, else the outbox table;
 * SMSC when SMS_GATEWAY=smsc, else the outbox table.
 */
export function createDelivery(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'sms'>, db: Db): Delivery {
  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer(db)
  const sms =
    config.sms.gateway === 'smsc'
      ? createSmscGateway({ login: config.sms.login, password: config.sms.password, sender: config.sms.sender })
      : createOutboxSms(db)
  return { mailer, sms }
}
