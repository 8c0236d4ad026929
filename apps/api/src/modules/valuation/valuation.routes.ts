import { CreditProgrammes, LangQuery, LoanTerms } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { publicRoutes } from '../../plugins/route-schema.ts'
import type { ValuationService } from './valuation.service.ts'

export const valuationRoutes =
  ({ valuation }: { valuation: ValuationService }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app)

    anyone.get('/cars/loan-terms/', {
      tags: ['cars'],
      summary: 'Loan terms behind the monthly payment on cards',
      description:
        'Rates, down payment, term and limits for new and used cars, with their sources and the date they ' +
        'were checked; `monthlyPaymentKzt` on cards uses `downPaymentPct` and `termMonths`. Sources are named ' +
        'in `lang`, else the Accept-Language, else Russian.',
      querystring: LangQuery,
      response: { 200: LoanTerms },
      handler: (req) => valuation.getLoanTerms(pickLocale(req.query.lang, req.headers['accept-language'])),
    })

    anyone.get('/credit/programmes/', {
      tags: ['credit'],
      summary: 'The credit widget’s programmes: bank car loans, the state 4% programme and the debt-to-income waiver',
      description:
        'Rates and limits of each programme with its source, the regulator’s debt-to-income waiver rule and the ' +
        'date it lapses, the term options and the defaults. The widget assesses a car against them as the ' +
        'visitor types (`@tulpar/contracts/credit`). Sources are named in `lang`, else the Accept-Language, ' +
        'else Russian.',
      querystring: LangQuery,
      response: { 200: CreditProgrammes },
      handler: (req) => valuation.getCreditProgrammes(pickLocale(req.query.lang, req.headers['accept-language'])),
    })
  }
