import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Mailer, PushGateway, SmsGateway } from './delivery.types.ts'
import { createOutboxMailer, createOutboxPush, createOutboxSms } from './outbox.ts'
import { createFcmSender, createWebPushSender } from './push.ts'
import { createSmscGateway } from './smsc.ts'
import { createSmtpMailer } from './smtp.ts'

export interface Delivery {
  mailer: Mailer
  sms: SmsGateway
  push: PushGateway
}

export type DeliveryConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'sms'> & Partial<Pick<Config, 'push'>>

/**
 * Picks the adapters from the configuration: SMTP when SMTP_URL is set, else the outbox table;
 * SMSC when SMS_GATEWAY=smsc, else the outbox table; Web Push and FCM when PUSH_GATEWAY=live, else the outbox.
 */
export function createDelivery(config: DeliveryConfig, db: Db): Delivery {
  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer(db)
  const sms =
    config.sms.gateway === 'smsc'
      ? createSmscGateway({ login: config.sms.login, password: config.sms.password, sender: config.sms.sender })
      : createOutboxSms(db)
  const outboxPush = createOutboxPush(db)
  const push: PushGateway =
    config.push?.gateway === 'live'
      ? {
          sendWebPush: config.push.vapid ? createWebPushSender(config.push.vapid) : outboxPush.sendWebPush,
          sendFcm: config.push.fcm ? createFcmSender(config.push.fcm) : outboxPush.sendFcm,
        }
      : outboxPush
  return { mailer, sms, push }
}
