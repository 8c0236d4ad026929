import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { SmsGateway } from '../delivery/index.ts'
import { type AbuseLimits, OTP_ATTEMPTS, OTP_TTL_SECONDS } from '../identity/index.ts'
import {
  NoPendingPhoneCodeError,
  PhoneCodeExpiredError,
  PhoneCodeInvalidError,
  TooManyPhoneCodeAttemptsError,
} from './phones.errors.ts'
import * as repo from './phones.repository.ts'

export interface PhonesServiceDeps {
  db: Db
  sms: SmsGateway
  /** The limits every SMS code follows, whichever use case sends or checks it (identity/abuse-limits.ts). */
  limits: AbuseLimits
  /** Keys the stored code hashes. */
  secret: string
  clock?: () => Date
}

/** The SMS a seller gets to confirm a number (ru and kk, like the sign-in code: no profile language is needed). */
function confirmationSmsText(code: string): string {
  return `Tulpar Auto: ${code} — код подтверждения номера, никому его не сообщайте. Нөмірді растау коды, ешкімге айтпаңыз.`
}

/**
 * Confirmed phone numbers per user: a code by SMS proves the user holds a number. Sends and checks pass the
 * same limits as the phone sign-in (identity/abuse-limits.ts).
 */
export function createPhonesService({ db, sms, limits, secret, clock = () => new Date() }: PhonesServiceDeps) {
  const hash = (userId: string, phone: string, code: string) =>
    createHmac('sha256', secret).update(`phone-confirmation:${userId}:${phone}:${code}`).digest()

  return {
    /** Whether `phone` (E.164) is the user's verified sign-in number or one they confirmed by code. */
    isConfirmed(userId: string, phone: string): Promise<boolean> {
      return repo.isPhoneConfirmed(db, userId, phone)
    },

    /** Sends a new 6-digit code to `phone` (replacing an earlier one). Throws TooManyRequestsError over the limits. */
    async sendCode(userId: string, phone: string, client: { ip: string }): Promise<void> {
      await limits.smsSend(phone, client.ip)
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const expiresAt = new Date(clock().getTime() + OTP_TTL_SECONDS * 1000)
      await repo.upsertPendingCode(db, {
        userId,
        phone,
        codeHash: hash(userId, phone, code).toString('hex'),
        expiresAt,
      })
      await sms.send({ to: phone, text: confirmationSmsText(code) })
    },

    /**
     * Confirms `phone` for the user with the code sent to it. Every check counts against the number's hourly
     * cap; a code allows OTP_ATTEMPTS guesses, then a new one must be requested. Throws the phone.* errors.
     */
    async confirmCode(userId: string, phone: string, code: string, client: { ip: string }): Promise<void> {
      await limits.codeCheck(phone, client.ip)
      const pending = await repo.claimAttempt(db, userId, phone, OTP_ATTEMPTS)
      if (!pending) {
        if (await repo.findPendingCode(db, userId, phone)) throw new TooManyPhoneCodeAttemptsError()
        throw new NoPendingPhoneCodeError()
      }
      if (pending.expiresAt.getTime() <= clock().getTime()) throw new PhoneCodeExpiredError()
      const given = hash(userId, phone, code)
      const expected = Buffer.from(pending.codeHash, 'hex')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new PhoneCodeInvalidError()
      await db.transaction(async (tx) => {
        await repo.insertConfirmedPhone(tx, userId, phone)
        await repo.deletePendingCode(tx, userId, phone)
      })
      await limits.codeAccepted(phone)
    },
  }
}
export type PhonesService = ReturnType<typeof createPhonesService>
