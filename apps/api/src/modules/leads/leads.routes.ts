import { CallbackRequestBody, CreditApplicationBody, ListingParams, MessageResponse, Problem } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { publicRoutes } from '../../plugins/route-schema.ts'
import { type SessionResolver, toFetchHeaders } from '../identity/index.ts'
import { CAR_PAGE_LIMITS } from '../listings/index.ts'
import type { LeadsService } from './leads.service.ts'

const { callbackPerIpShort: short, callbackPerIpDay: day } = CAR_PAGE_LIMITS

/** Leads people leave: call-back requests from the car page and credit applications from the credit widget. */
export const leadsRoutes =
  ({ leads, sessions }: { leads: LeadsService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['leads'] })

    anyone.post('/cars/:id/callback/', {
      summary: 'Ask to be called back about a car (phone, last name, first name)',
      description:
        "Answers `{ message: 'request accepted' }`. A phone that is not a Kazakhstan mobile answers 400 " +
        "`phone.invalid` ('Enter a valid phone number'); an empty field 400 `validation.failed` ('This field is " +
        `required'). Published cars only (sold 409, removed 410). At most ${short.limit} requests per ` +
        `${short.windowSeconds / 60} minutes and ${day.limit} a day per client address (429).`,
      params: ListingParams,
      body: CallbackRequestBody,
      response: { 200: MessageResponse, 400: Problem, 404: Problem, 409: Problem, 410: Problem, 429: Problem },
      handler: (req, reply) =>
        withRetryAfter(reply, async () => {
          const user = await sessions.sessionUser(toFetchHeaders(req.headers))
          const { message } = await leads.requestCallback(req.params.id, req.body, {
            ip: req.ip,
            userId: user?.id,
            sourcePath: req.headers.referer,
          })
          return { message }
        }),
    })

    anyone.post('/credit/applications/', {
      summary: 'Apply for a car loan (car price, down payment, term, phone, last name, first name)',
      description:
        "Stores the application for the credit department and answers `{ message: 'application sent' }`. A phone " +
        'that is not a Kazakhstan mobile answers 400 `phone.invalid`; a down payment of the whole price 400 ' +
        '`credit.down_payment_too_large`; an empty field 400 `validation.failed`. With `listingId`, published ' +
        `cars only (sold 409, removed 410). At most ${short.limit} applications per ${short.windowSeconds / 60} ` +
        `minutes and ${day.limit} a day per client address (429).`,
      body: CreditApplicationBody,
      response: { 200: MessageResponse, 400: Problem, 404: Problem, 409: Problem, 410: Problem, 429: Problem },
      handler: (req, reply) =>
        withRetryAfter(reply, async () => {
          const user = await sessions.sessionUser(toFetchHeaders(req.headers))
          const { message } = await leads.applyForCredit(req.body, {
            ip: req.ip,
            userId: user?.id,
            sourcePath: req.headers.referer,
          })
          return { message }
        }),
    })
  }
