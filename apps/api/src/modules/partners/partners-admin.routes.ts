import {
  AdminActiveBody,
  AdminLangQuery,
  AdminPartner,
  AdminPartnerBody,
  AdminPartnerCategory,
  AdminPartnerCategoryBody,
  AdminPartnerCategoryList,
  AdminPartnerPage,
  AdminPartnerParams,
  AdminPartnersQuery,
  Problem,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { staffRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { PartnersAdminService } from './partners-admin.service.ts'

const ADMINS = 'Admins only (401 for guests, 403 for users and moderators).'
/** A call on one partner, answered with the partner in the asked language. */
const ON_PARTNER = { params: AdminPartnerParams, querystring: AdminLangQuery, response: { 200: AdminPartner } }

/** The back office's partners and partner categories under /api/admin/partners (admins only). */
export const partnersAdminRoutes =
  ({
    partnersAdmin,
    sessions,
  }: {
    partnersAdmin: PartnersAdminService
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const admins = staffRoutes(app, sessions, { tags: ['admin'], access: ADMINS })
    const locale = (req: { query?: { lang?: string }; headers: { 'accept-language'?: string } }) =>
      pickLocale(req.query?.lang, req.headers['accept-language'])

    admins.get('/admin/partners/categories/', {
      summary: 'Every partner category, switched on or off, with how many partners it holds',
      response: { 200: AdminPartnerCategoryList },
      handler: (user) => partnersAdmin.listCategories(user),
    })

    admins.post('/admin/partners/categories/', {
      summary: 'Add a partner category (code, names in ru, kk and en, order)',
      description: '409 `partner_category.code_taken` when another category has the code.',
      body: AdminPartnerCategoryBody,
      response: { 201: AdminPartnerCategory, 409: Problem },
      handler: async (user, req, reply) => reply.status(201).send(await partnersAdmin.createCategory(user, req.body)),
    })

    admins.put('/admin/partners/categories/:id/', {
      summary: 'Replace a partner category',
      description: 'Switched off (`isActive: false`), it and its partners leave the site.',
      params: AdminPartnerParams,
      body: AdminPartnerCategoryBody,
      response: { 200: AdminPartnerCategory, 409: Problem },
      handler: (user, req) => partnersAdmin.replaceCategory(user, req.params.id, req.body),
    })

    admins.patch('/admin/partners/categories/:id/', {
      summary: 'Switch a partner category on or off',
      description: 'Switched off, it and its partners leave the site (their leads stay).',
      params: AdminPartnerParams,
      body: AdminActiveBody,
      response: { 200: AdminPartnerCategory },
      handler: (user, req) => partnersAdmin.setCategoryActive(user, req.params.id, req.body),
    })

    admins.get('/admin/partners/', {
      summary: 'Every partner, switched on or off, oldest first; by category or part of the name',
      description: 'Paging: pass `nextCursor` as `cursor`.',
      querystring: AdminPartnersQuery,
      response: { 200: AdminPartnerPage },
      handler: (user, req) => partnersAdmin.listPartners(user, req.query, locale(req)),
    })

    admins.post('/admin/partners/', {
      summary: 'Add a partner',
      description:
        'Phones are Kazakhstan numbers (stored as E.164); the category and the city must exist (400 naming ' +
        'the field otherwise).',
      querystring: AdminLangQuery,
      body: AdminPartnerBody,
      response: { 201: AdminPartner },
      handler: async (user, req, reply) =>
        reply.status(201).send(await partnersAdmin.createPartner(user, req.body, locale(req))),
    })

    admins.get('/admin/partners/:id/', {
      ...ON_PARTNER,
      summary: 'A partner with every field, switched on or off',
      handler: (user, req) => partnersAdmin.getPartner(user, req.params.id, locale(req)),
    })

    admins.put('/admin/partners/:id/', {
      ...ON_PARTNER,
      summary: 'Replace a partner (every field)',
      description: 'The rules of adding one apply.',
      body: AdminPartnerBody,
      handler: (user, req) => partnersAdmin.replacePartner(user, req.params.id, req.body, locale(req)),
    })

    admins.patch('/admin/partners/:id/', {
      ...ON_PARTNER,
      summary: 'Switch a partner on or off',
      description: 'Switched off, the partner leaves the site (its page is 404; its leads stay).',
      body: AdminActiveBody,
      handler: (user, req) => partnersAdmin.setPartnerActive(user, req.params.id, req.body, locale(req)),
    })
  }
