import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import type { RateLimiter } from './lib/rate-limit.ts'
import { createCompanyService } from './modules/company/index.ts'
import type { Delivery } from './modules/delivery/index.ts'
import { createAbuseLimits } from './modules/identity/abuse-limits.ts'
import { createAuth } from './modules/identity/auth.ts'
import { createIdTokenExchange } from './modules/identity/id-token.ts'
import { createLocalIdentityProvider } from './modules/identity/local-idp.ts'
import { createSessionResolver } from './modules/identity/session.ts'
import { createInspectionsService } from './modules/inspections/index.ts'
import { createLeadsService } from './modules/leads/index.ts'
import { createCarPageService, createListingsService } from './modules/listings/index.ts'
import type { MediaStorage } from './modules/media/index.ts'
import { createMessagingService } from './modules/messaging/index.ts'
import { createModerationService, createStaffService, createTulparService } from './modules/moderation/index.ts'
import { createPhonesService } from './modules/phones/index.ts'
import { createProfilesService } from './modules/profiles/profiles.service.ts'
import { createReferenceService } from './modules/reference/index.ts'
import { createSellingService } from './modules/selling/index.ts'
import { createSeoService } from './modules/seo/index.ts'
import { createValuationService } from './modules/valuation/index.ts'

export type ServicesConfig = Pick<
  Config,
  'publicUrl' | 'authSecret' | 'googleClientId' | 'appleClientId' | 'trustedIdTokenIssuers' | 'localIdentityProvider'
>

/** Every use case of the product, wired by hand. REST routes and web loaders call the same functions. */
export function createServices({
  db,
  config,
  delivery,
  media,
  limiter,
}: {
  db: Db
  config: ServicesConfig
  delivery: Delivery
  media: MediaStorage
  /** Shared counters: the car page's public actions are limited per client whether the API or a page calls them. */
  limiter: RateLimiter
}) {
  const reference = createReferenceService({ db })
  const company = createCompanyService({ db })
  const listings = createListingsService({ db, reference })
  const carPage = createCarPageService({ db, limiter, secret: config.authSecret })
  const leads = createLeadsService({ db, limiter, carPage })
  // The local stand-in for Google and Apple (demo and tests only): its issuers are trusted beside the configured.
  const localIdp = config.localIdentityProvider
    ? createLocalIdentityProvider({ publicUrl: config.publicUrl, keyFile: config.localIdentityProvider.keyFile })
    : null
  const issuers = [...config.trustedIdTokenIssuers, ...(localIdp?.issuers ?? [])]
  const auth = createAuth({
    db,
    config: { ...config, trustedIdTokenIssuers: issuers },
    mailer: delivery.mailer,
    sms: delivery.sms,
  })
  const sessions = createSessionResolver(auth)
  const profiles = createProfilesService({ db, media })
  const idTokens = createIdTokenExchange({ db, auth, issuers })
  const valuation = createValuationService({ db })
  const phones = createPhonesService({
    db,
    sms: delivery.sms,
    limits: createAbuseLimits(limiter),
    secret: config.authSecret,
  })
  const selling = createSellingService({ db, reference, media, phones, revalue: valuation.refreshListingEstimate })
  const messaging = createMessagingService({ db })
  const inspections = createInspectionsService({ db })
  const moderation = createModerationService({
    db,
    reference,
    inspections,
    revalue: valuation.refreshListingEstimate,
  })
  const staff = createStaffService({ db })
  const tulpar = createTulparService({ db, inspections })
  const seo = createSeoService({ db, publicUrl: config.publicUrl })
  return {
    seo,
    reference,
    company,
    listings,
    carPage,
    leads,
    auth,
    sessions,
    profiles,
    idTokens,
    localIdp,
    valuation,
    phones,
    selling,
    messaging,
    moderation,
    staff,
    tulpar,
  }
}
export type Services = ReturnType<typeof createServices>
