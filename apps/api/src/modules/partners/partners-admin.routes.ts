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
import { staffSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { PartnersAdminService } from './partners-admin.service.ts'

const tags = ['admin']
const ADMINS = 'Admins only (401 for guests, 403 for users and moderators).'

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
    const locale = (req: { query?: { lang?: string }; headers: { 'accept-language'?: string } }) =>
      pickLocale(req.query?.lang, req.headers['accept-language'])

    app.get(
      '/admin/partners/categories/',
      {
        schema: staffSchema({
          tags,
          summary: 'Every partner category, switched on or off, with how many partners it holds',
          description: ADMINS,
          response: { 200: AdminPartnerCategoryList },
        }),
      },
      async (req) => partnersAdmin.listCategories(await sessions.requireUser(req)),
    )

    app.post(
      '/admin/partners/categories/',
      {
        schema: staffSchema({
          tags,
          summary: 'Add a partner category (code, names in ru, kk and en, order)',
          description: `409 \`partner_category.code_taken\` when another category has the code. ${ADMINS}`,
          body: AdminPartnerCategoryBody,
          response: { 201: AdminPartnerCategory, 409: Problem },
        }),
      },
      async (req, reply) =>
        reply.status(201).send(await partnersAdmin.createCategory(await sessions.requireUser(req), req.body)),
    )

    app.put(
      '/admin/partners/categories/:id/',
      {
        schema: staffSchema({
          tags,
          summary: 'Replace a partner category',
          description: `Switched off (\`isActive: false\`), it and its partners leave the site. ${ADMINS}`,
          params: AdminPartnerParams,
          body: AdminPartnerCategoryBody,
          response: { 200: AdminPartnerCategory, 409: Problem },
        }),
      },
      async (req) => partnersAdmin.replaceCategory(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.patch(
      '/admin/partners/categories/:id/',
      {
        schema: staffSchema({
          tags,
          summary: 'Switch a partner category on or off',
          description: `Switched off, it and its partners leave the site (their leads stay). ${ADMINS}`,
          params: AdminPartnerParams,
          body: AdminActiveBody,
          response: { 200: AdminPartnerCategory },
        }),
      },
      async (req) => partnersAdmin.setCategoryActive(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.get(
      '/admin/partners/',
      {
        schema: staffSchema({
          tags,
          summary: 'Every partner, switched on or off, oldest first; by category or part of the name',
          description: `Paging: pass \`nextCursor\` as \`cursor\`. ${ADMINS}`,
          querystring: AdminPartnersQuery,
          response: { 200: AdminPartnerPage },
        }),
      },
      async (req) => partnersAdmin.listPartners(await sessions.requireUser(req), req.query, locale(req)),
    )

    app.post(
      '/admin/partners/',
      {
        schema: staffSchema({
          tags,
          summary: 'Add a partner',
          description:
            'Phones are Kazakhstan numbers (stored as E.164); the category and the city must exist (400 naming ' +
            `the field otherwise). ${ADMINS}`,
          querystring: AdminLangQuery,
          body: AdminPartnerBody,
          response: { 201: AdminPartner },
        }),
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await partnersAdmin.createPartner(await sessions.requireUser(req), req.body, locale(req))),
    )

    app.get(
      '/admin/partners/:id/',
      {
        schema: staffSchema({
          tags,
          summary: 'A partner with every field, switched on or off',
          description: ADMINS,
          params: AdminPartnerParams,
          querystring: AdminLangQuery,
          response: { 200: AdminPartner },
        }),
      },
      async (req) => partnersAdmin.getPartner(await sessions.requireUser(req), req.params.id, locale(req)),
    )

    app.put(
      '/admin/partners/:id/',
      {
        schema: staffSchema({
          tags,
          summary: 'Replace a partner (every field)',
          description: `The rules of adding one apply. ${ADMINS}`,
          params: AdminPartnerParams,
          querystring: AdminLangQuery,
          body: AdminPartnerBody,
          response: { 200: AdminPartner },
        }),
      },
      async (req) =>
        partnersAdmin.replacePartner(await sessions.requireUser(req), req.params.id, req.body, locale(req)),
    )

    app.patch(
      '/admin/partners/:id/',
      {
        schema: staffSchema({
          tags,
          summary: 'Switch a partner on or off',
          description: `Switched off, the partner leaves the site (its page is 404; its leads stay). ${ADMINS}`,
          params: AdminPartnerParams,
          querystring: AdminLangQuery,
          body: AdminActiveBody,
          response: { 200: AdminPartner },
        }),
      },
      async (req) =>
        partnersAdmin.setPartnerActive(await sessions.requireUser(req), req.params.id, req.body, locale(req)),
    )
  }
