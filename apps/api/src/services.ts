import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { createCompanyService } from './modules/company/index.ts'
import type { Delivery } from './modules/delivery/index.ts'
import { createAuth } from './modules/identity/auth.ts'
import { createIdTokenExchange } from './modules/identity/id-token.ts'
import { createSessionResolver } from './modules/identity/session.ts'
import { createInspectionsService } from './modules/inspections/index.ts'
import { createListingsService } from './modules/listings/index.ts'
import type { MediaStorage } from './modules/media/index.ts'
import { createMessagingService } from './modules/messaging/index.ts'
import { createModerationService, createStaffService, createTulparService } from './modules/moderation/index.ts'
import { createProfilesService } from './modules/profiles/profiles.service.ts'
import { createReferenceService } from './modules/reference/index.ts'

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
  const messaging = createMessagingService({ db })
  const inspections = createInspectionsService({ db })
  const moderation = createModerationService({ db, reference, inspections })
  const staff = createStaffService({ db })
  const tulpar = createTulparService({ db, inspections })
  return {
    reference,
    company,
    listings,
    auth,
    sessions,
    profiles,
    idTokens,
    messaging,
    moderation,
    staff,
    tulpar,
  }
}
export type Services = ReturnType<typeof createServices>
