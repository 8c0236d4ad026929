import { Branch, City, CompanyContacts, LangQuery, Problem } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { publicRoutes } from '../../plugins/route-schema.ts'
import type { ReferenceService } from '../reference/index.ts'
import type { CompanyService } from './company.service.ts'

export interface CompanyRoutesDeps {
  company: CompanyService
  reference: ReferenceService
}

/** The spec's company calls (section 7): cities, contacts (a list; clients use the first) and branches. */
export const companyRoutes =
  ({ company, reference }: CompanyRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['company'] })

    anyone.get('/company/cities/', {
      summary: 'Cities of Kazakhstan',
      querystring: LangQuery,
      response: { 200: z.array(City), 400: Problem },
      handler: (req) => reference.listCities(pickLocale(req.query.lang, req.headers['accept-language'])),
    })

    anyone.get('/company/contacts/', {
      summary: "The company's contacts (a list of one; clients use the first element)",
      querystring: LangQuery,
      response: { 200: z.array(CompanyContacts), 400: Problem, 404: Problem },
      handler: async (req) => [await company.getContacts(pickLocale(req.query.lang, req.headers['accept-language']))],
    })

    anyone.get('/company/branches/', {
      summary: 'Branches with city, address, phones and a social-media link',
      querystring: LangQuery,
      response: { 200: z.array(Branch), 400: Problem },
      handler: (req) => company.listBranches(pickLocale(req.query.lang, req.headers['accept-language'])),
    })
  }
