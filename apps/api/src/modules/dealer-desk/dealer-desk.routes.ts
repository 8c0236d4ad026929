import { DealerParams, DealerStats, DealerStatsQuery, LangQuery, Problem } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { signedInSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { DealerDeskService } from './dealer-desk.service.ts'

const MEMBERS =
  "The dealer's people (owner and managers) only: 403 `dealer.not_member` for anyone else, staff and a removed " +
  'member included; 404 `dealer.not_found`.'

/** The dealer desk's own calls (issue 38): the statistics of the dealer's cars. */
export const dealerDeskRoutes =
  ({ dealerDesk, sessions }: { dealerDesk: DealerDeskService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dealers/:id/stats/',
      {
        schema: signedInSchema({
          tags: ['dealers'],
          summary: "Per car and per day: views, favourites, call-backs and chats of the dealer's cars on sale",
          description:
            `${MEMBERS} Days are Almaty calendar days, both ends included: the last 30 days by default, at most 92 ` +
            '(400). Number reveals are counted per car, not per day. 429 after 30 reads a minute.',
          params: DealerParams,
          querystring: DealerStatsQuery.extend(LangQuery.shape),
          response: { 200: DealerStats, 403: Problem, 429: Problem },
        }),
      },
      async (req, reply) => {
        const user = await sessions.requireUser(req)
        const { lang, ...query } = req.query
        const locale = pickLocale(lang, req.headers['accept-language'])
        return withRetryAfter(reply, () => dealerDesk.stats(user, req.params.id, query, locale))
      },
    )
  }
