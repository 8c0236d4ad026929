import type { CallbackRequestBody, CreditApplicationBody } from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { JobSender } from '../jobs/index.ts'
import { CAR_PAGE_LIMITS, type CarPageService } from '../listings/index.ts'
import { DownPaymentTooLargeError, InvalidLeadPhoneError } from './leads.errors.ts'
import { insertCallbackLead, insertCreditLead, insertPartnerLead, type NewPartnerLead } from './leads.repository.ts'

export interface LeadsServiceDeps {
  db: Db
  limiter: RateLimiter
  carPage: Pick<CarPageService, 'requireOnSale'>
  jobs: JobSender
}

export interface LeadClient {
  ip: string
  /** The signed-in user, when there is one: the lead is theirs too. */
  userId?: string | null
  /** The page it was sent from (a path on the site), shown in the leads desk. */
  sourcePath?: string | null
}

/** A path on the site from a page address or path (the query kept, the host dropped); null for anything else. */
function sitePath(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value, 'http://site.invalid')
    const path = `${url.pathname}${url.search}`
    return path.startsWith('/') && !path.startsWith('//') ? path.slice(0, 300) : null
  } catch {
    return null
  }
}

/** The spec's success notice for a call-back request. */
const CALLBACK_ACCEPTED = 'request accepted'

/** Stored: the widget then shows the spec's 'Thank you! Your application has been sent to the credit department.' */
const CREDIT_APPLICATION_SENT = 'application sent'

export function createLeadsService({ db, limiter, carPage, jobs }: LeadsServiceDeps) {
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
      const leadId = await insertCallbackLead(db, jobs, {
        listingId,
        sourcePath: sitePath(client.sourcePath) ?? `/cars/${listingId}`,
        phone,
        lastName: body.lastName.trim(),
        firstName: body.firstName.trim(),
        userId: client.userId ?? null,
      })
      return { message: CALLBACK_ACCEPTED, leadId }
    },

    /**
     * Stores a credit application (a lead for the credit department), about a car on sale or a price typed on the
     * home page. Same checks and limits as a call-back, counted apart; a down payment of the whole price is a 400.
     */
    async applyForCredit(
      body: CreditApplicationBody,
      client: LeadClient,
    ): Promise<{ message: string; leadId: number }> {
      const phone = normaliseKzPhone(body.phone)
      if (!phone) throw new InvalidLeadPhoneError()
      if (body.downPaymentKzt >= body.carPriceKzt) throw new DownPaymentTooLargeError()
      await enforceRateLimits(limiter, [
        { key: `credit:ip:short:${client.ip}`, ...CAR_PAGE_LIMITS.callbackPerIpShort },
        { key: `credit:ip:day:${client.ip}`, ...CAR_PAGE_LIMITS.callbackPerIpDay },
      ])
      if (body.listingId !== undefined) await carPage.requireOnSale(body.listingId)
      const leadId = await insertCreditLead(db, jobs, {
        sourcePath:
          sitePath(client.sourcePath) ?? (body.listingId !== undefined ? `/cars/${body.listingId}` : '/credit'),
        listingId: body.listingId ?? null,
        phone,
        lastName: body.lastName.trim(),
        firstName: body.firstName.trim(),
        carPriceKzt: body.carPriceKzt,
        downPaymentKzt: body.downPaymentKzt,
        termMonths: body.termMonths,
        userId: client.userId ?? null,
      })
      return { message: CREDIT_APPLICATION_SENT, leadId }
    },

    /**
     * Stores a service request to a partner (name, E.164 phone, comment) in the one queue of leads. The partners
     * module checks the partner, the phone and the limits first (partners.service requestPartnerService).
     */
    recordPartnerRequest(lead: NewPartnerLead): Promise<number> {
      return insertPartnerLead(db, jobs, lead)
    },
  }
}
export type LeadsService = ReturnType<typeof createLeadsService>
