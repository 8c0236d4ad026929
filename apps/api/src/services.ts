import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { createCompanyService } from './modules/company/index.ts'
import type { Delivery } from './modules/delivery/index.ts'
import { createAuth } from './modules/identity/auth.ts'
import { createIdTokenExchange } from './modules/identity/id-token.ts'
import { createSessionResolver } from './modules/identity/session.ts'
import { createListingsService } from './modules/listings/index.ts'
import type { MediaStorage } from './modules/media/index.ts'
import { createProfilesService } from './modules/profiles/profiles.service.ts'
import { createReferenceService } from './modules/reference/index.ts'
import { createSeoService } from './modules/seo/index.ts'

export type ServicesConfig = Pick<
  Config,
  'publicUrl' | 'authSecret' | 'googleClientId' | 'appleClientId' | 'trustedIdTokenIssuers'
>

/** Every use case of the product, wired by hand. REST routes and web loaders call the same functions. */
export function createServices({
  db,
  config,
  delivery,
  media,
}: {
  db: Db
  config: ServicesConfig
  delivery: Delivery
  media: MediaStorage
}) {
  const reference = createReferenceService({ db })
  const company = createCompanyService({ db })
  const listings = createListingsService({ db, reference })
  const auth = createAuth({ db, config, mailer: delivery.mailer, sms: delivery.sms })
  const sessions = createSessionResolver(auth)
  const profiles = createProfilesService({ db, media })
  const idTokens = createIdTokenExchange({ db, auth, issuers: config.trustedIdTokenIssuers })
  const seo = createSeoService({ db, publicUrl: config.publicUrl })
  return { reference, company, listings, auth, sessions, profiles, idTokens, seo }
}
export type Services = ReturnType<typeof createServices>
