import { randomInt } from 'node:crypto'
import { Locale } from '@tulpar/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { renderLocalIdpPage } from './local-idp.page.ts'
import { LOCAL_IDP_PATH, LOCAL_PROVIDERS, type LocalIdentityProvider } from './local-idp.ts'

const ProviderParams = z.strictObject({ provider: z.enum(LOCAL_PROVIDERS) })
/** Where /auth sends the user after signing in; /auth checks it is one of ours (safeRedirect). */
const redirectTo = z.string().max(2000).optional()
const AuthorizeQuery = z.object({ lang: Locale.optional(), redirectTo })
const TokenQuery = z.object({
  lang: Locale.optional(),
  redirectTo,
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
})

/** `/auth`, keeping where the user was going; the identity token rides in the fragment (never sent to a server). */
function backToAuth(target: string | undefined, fragment?: string): string {
  const query = target ? `?${new URLSearchParams({ redirectTo: target })}` : ''
  return `/auth${query}${fragment ? `#${fragment}` : ''}`
}

/**
 * The local identity provider's pages (LOCAL_ID_PROVIDER; see local-idp.ts): /auth's Google or Apple button
 * opens `authorize`, the person picks a name and email, and `token` sends them back to /auth with an identity
 * token in the fragment, which the page exchanges at POST /api/auth/sign-in/id-token like a real provider's.
 */
export function registerLocalIdpRoutes(app: FastifyInstance, idp: LocalIdentityProvider) {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get(
    `${LOCAL_IDP_PATH}/jwks`,
    {
      schema: {
        tags: ['dev'],
        summary: "The local identity provider's public keys (development only)",
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async () => ({ keys: idp.jwks.keys.map((k) => ({ ...k })) }),
  )

  typed.get(
    `${LOCAL_IDP_PATH}/:provider/authorize`,
    { schema: { hide: true, params: ProviderParams, querystring: AuthorizeQuery } },
    async (req, reply) => {
      const n = randomInt(1000, 10000)
      const locale = pickLocale(req.query.lang, req.headers['accept-language'])
      const html = renderLocalIdpPage({
        provider: req.params.provider,
        locale,
        action: `${LOCAL_IDP_PATH}/${req.params.provider}/token`,
        cancelUrl: backToAuth(req.query.redirectTo),
        redirectTo: req.query.redirectTo ?? null,
        suggestion: { name: `${{ ru: 'Тест', kk: 'Сынақ', en: 'Test' }[locale]} ${n}`, email: `test${n}@example.kz` },
      })
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
    },
  )

  typed.get(
    `${LOCAL_IDP_PATH}/:provider/token`,
    { schema: { hide: true, params: ProviderParams, querystring: TokenQuery } },
    async (req, reply) => {
      const idToken = await idp.issueToken(req.params.provider, { name: req.query.name, email: req.query.email })
      const fragment = new URLSearchParams({ id_token: idToken, provider: req.params.provider }).toString()
      return reply.header('cache-control', 'no-store').redirect(backToAuth(req.query.redirectTo, fragment), 303)
    },
  )
}
