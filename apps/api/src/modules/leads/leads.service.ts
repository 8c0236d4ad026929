import type { CallbackRequestBody } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import { normaliseKzPhone } from '../identity/phone.ts'
import { CAR_PAGE_LIMITS, type CarPageService, enforceRateLimits } from '../listings/index.ts'
import { InvalidLeadPhoneError } from './leads.errors.ts'
import { insertCallbackLead } from './leads.repository.ts'

export interface LeadsServiceDeps {
  db: Db
  limiter: RateLimiter
  carPage: Pick<CarPageService, 'requireOnSale'>
}

export interface LeadClient {
  ip: string
  /** The signed-in user, when there is one: the lead is theirs too. */
  userId?: string | null
}

/** The spec's success notice for a call-back request. */
export const CALLBACK_ACCEPTED = 'request accepted'

export function createLeadsService({ db, limiter, carPage }: LeadsServiceDeps) {
  return {
    /**
     * Stores a call-back request for a car on sale (phone as E.164). Throws RateLimitedError (429),
     * InvalidLeadPhoneError (400) for anything but a KZ mobile, and the listing's 404/409/410 errors.
     */
    async requestCallback(
      listingId: number,
      body: CallbackRequestBody,
      client: LeadClient,
    ): Promise<{ message: string; leadId: number }> {
      // Checked before the limits: a mistyped number must not use up the visitor's attempts.
      const phone = normaliseKzPhone(body.phone)
      if (!phone) throw new InvalidLeadPhoneError()
      await enforceRateLimits(limiter, [
        { key: `callback:ip:short:${client.ip}`, ...CAR_PAGE_LIMITS.callbackPerIpShort },
        { key: `callback:ip:day:${client.ip}`, ...CAR_PAGE_LIMITS.callbackPerIpDay },
      ])
      await carPage.requireOnSale(listingId)
      const leadId = await insertCallbackLead(db, {
        listingId,
        phone,
        lastName: body.lastName.trim(),
        firstName: body.firstName.trim(),
        userId: client.userId ?? null,
      })
      return { message: CALLBACK_ACCEPTED, leadId }
    },
  }
}
export type LeadsService = ReturnType<typeof createLeadsService>
