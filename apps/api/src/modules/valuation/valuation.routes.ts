import { LoanTerms } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ValuationService } from './valuation.service.ts'

export const valuationRoutes =
  ({ valuation }: { valuation: ValuationService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cars/loan-terms/',
      {
        schema: {
          tags: ['cars'],
          summary: 'Loan terms behind the monthly payment on cards',
          description:
            'Rates, down payment, term and limits for new and used cars, with their sources and the date they ' +
            'were checked; `monthlyPaymentKzt` on cards uses `downPaymentPct` and `termMonths`.',
          response: { 200: LoanTerms },
        },
      },
      () => valuation.getLoanTerms(),
    )
  }
