import {
  LangQuery,
  MessageResponse,
  PartnerCategoryView,
  PartnerDetail,
  PartnerPage,
  PartnerParams,
  PartnerRequestBody,
  PartnersQuery,
  Problem,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { publicRoutes } from '../../plugins/route-schema.ts'
import { type SessionResolver, toFetchHeaders } from '../identity/index.ts'
import { PARTNER_REQUEST_LIMITS, type PartnersService } from './partners.service.ts'

const { perIpShort: short, perIpDay: day } = PARTNER_REQUEST_LIMITS

/** Partner service businesses (spec section 2): categories, the list, the detail and the service request. */
export const partnersRoutes =
  ({ partners, sessions }: { partners: PartnersService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['partners'] })
    const locale = (req: { query: { lang?: string }; headers: { 'accept-language'?: string } }) =>
      pickLocale(req.query.lang, req.headers['accept-language'])

    anyone.get('/partners/categories/', {
      summary: 'Partner categories in their order, with how many partners each shows (the filter chips)',
      querystring: LangQuery,
      response: { 200: z.array(PartnerCategoryView), 400: Problem },
      handler: (req) => partners.listCategories(locale(req)),
    })

    anyone.get('/partners/', {
      summary: 'Partners by name: all, or of one category (code) and/or one city (slug)',
      description: 'An unknown category or city matches nothing. Keyset paging: pass `nextCursor` as `cursor`.',
      querystring: PartnersQuery,
      response: { 200: PartnerPage, 400: Problem },
      handler: (req) => partners.listPartners(req.query, locale(req)),
    })

    anyone.get('/partners/:id/', {
      summary: 'A partner: description, address, phones, website and links that open it in 2GIS and Yandex Maps',
      description: 'A partner switched off in the back office (or whose category is) is 404 like an unknown one.',
      params: PartnerParams,
      querystring: LangQuery,
      response: { 200: PartnerDetail, 400: Problem, 404: Problem },
      handler: (req) => partners.getPartner(req.params.id, locale(req)),
    })

    anyone.post('/partners/:id/requests/', {
      summary: 'Send a partner a service request (name, phone, a short comment); guests may too',
      description:
        "Stored as a lead and answered `{ message: 'partner request received' }`. A phone that is not a " +
        "Kazakhstan mobile answers 400 `phone.invalid` ('Enter a valid phone number'); an empty name or phone " +
        "400 `validation.failed` ('This field is required'). An unknown or switched-off partner is 404. At most " +
        `${short.limit} requests per ${short.windowSeconds / 60} minutes and ${day.limit} a day per client ` +
        'address (429 with Retry-After).',
      params: PartnerParams,
      body: PartnerRequestBody,
      response: { 200: MessageResponse, 400: Problem, 404: Problem, 429: Problem },
      handler: (req, reply) =>
        withRetryAfter(reply, async () => {
          const user = await sessions.sessionUser(toFetchHeaders(req.headers))
          const { message } = await partners.requestPartnerService(req.params.id, req.body, {
            ip: req.ip,
            userId: user?.id,
          })
          return { message }
        }),
    })
  }
