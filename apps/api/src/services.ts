import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import type { RateLimiter } from './lib/rate-limit.ts'
import { createAuditService } from './modules/audit/index.ts'
import { createCompanyService } from './modules/company/index.ts'
import { createComplaintsService } from './modules/complaints/index.ts'
import { createDealerDeskService } from './modules/dealer-desk/index.ts'
import { createDealersService } from './modules/dealers/index.ts'
import { createQueuedMailer, createQueuedSms, type Delivery } from './modules/delivery/index.ts'
import { createFavouritesService } from './modules/favourites/index.ts'
import { createFeedsService } from './modules/feeds/index.ts'
import { createFreshListingsService } from './modules/fresh-listings/index.ts'
import { createGarageService } from './modules/garage/index.ts'
import {
  createAbuseLimits,
  createAuth,
  createIdTokenExchange,
  createLocalIdentityProvider,
  createSessionResolver,
} from './modules/identity/index.ts'
import { createInspectionsService } from './modules/inspections/index.ts'
import type { JobSender } from './modules/jobs/index.ts'
import { createLeadDeskService, createLeadsService } from './modules/leads/index.ts'
import {
  countDealerListings,
  createCarPageService,
  createListingsService,
  createPlaces,
  reassignDealerListings,
} from './modules/listings/index.ts'
import type { MediaStorage } from './modules/media/index.ts'
import { createMessageHub, createMessagingService } from './modules/messaging/index.ts'
import {
  createModerationService,
  createStaffService,
  createTulparService,
  findTriggeredSignals,
} from './modules/moderation/index.ts'
import { createNotificationsService } from './modules/notifications/index.ts'
import { createPartnersAdminService, createPartnersService } from './modules/partners/index.ts'
import { createKaspiProvider, createLocalProvider, createPaymentsService } from './modules/payments/index.ts'
import { createPhonesService } from './modules/phones/index.ts'
import { createAccountProfiles, createProfilesService } from './modules/profiles/index.ts'
import { createPromotionsService } from './modules/promotions/index.ts'
import { createReferenceService } from './modules/reference/index.ts'
import { createRetention } from './modules/retention/index.ts'
import { createSavedSearchesService } from './modules/saved-searches/index.ts'
import { createSellingService } from './modules/selling/index.ts'
import { createSeoService } from './modules/seo/index.ts'
import { createValuationService } from './modules/valuation/index.ts'
import { createVehicleChecksService } from './modules/vehicle-checks/index.ts'

export type ServicesConfig = Pick<
  Config,
  'publicUrl' | 'authSecret' | 'googleClientId' | 'appleClientId' | 'trustedIdTokenIssuers' | 'localIdentityProvider'
> &
  Partial<Pick<Config, 'push' | 'payments' | 'vehicleCheckPriceKzt' | 'reportDelaySeconds' | 'feedFetchAllowedHosts'>>

/** Every use case of the product, wired by hand. REST routes and web loaders call the same functions. */
export function createServices({
  db,
  readDb = db,
  config,
  delivery,
  media,
  limiter,
  jobs,
}: {
  db: Db
  /**
   * Public reads (catalogue, car detail, home lists, reference data, sitemaps): the read replica when there is
   * one (db/replica.ts decides per request, decision 020), else `db`. Never written through.
   */
  readDb?: Db
  config: ServicesConfig
  /** The gateways themselves (the job handlers use them); requests reach them only through `jobs`. */
  delivery: Delivery
  /** The durable queue: alerts, emails and SMS codes are jobs. */
  jobs: JobSender
  media: MediaStorage
  /** Shared counters: the car page's public actions are limited per client whether the API or a page calls them. */
  limiter: RateLimiter
}) {
  const reference = createReferenceService({ db: readDb })
  const company = createCompanyService({ db: readDb })
  // One copy of the reference names per process, for searches, car details and similar cards.
  const places = createPlaces(readDb)
  const listings = createListingsService({ db, readDb, reference, places })
  const carPage = createCarPageService({ db, readDb, limiter, secret: config.authSecret, places })
  const leads = createLeadsService({ db, limiter, carPage, jobs })
  const leadDesk = createLeadDeskService({ db, jobs })
  const partners = createPartnersService({ db, limiter, leads })
  const partnersAdmin = createPartnersAdminService({ db })
  // The local stand-in for Google and Apple (demo and tests only): its issuers are trusted beside the configured.
  const localIdp = config.localIdentityProvider
    ? createLocalIdentityProvider({ publicUrl: config.publicUrl, keyFile: config.localIdentityProvider.keyFile })
    : null
  const issuers = [...config.trustedIdTokenIssuers, ...(localIdp?.issuers ?? [])]
  const auth = createAuth({
    db,
    config: { ...config, trustedIdTokenIssuers: issuers },
    mailer: createQueuedMailer(jobs),
    sms: createQueuedSms(jobs),
    // A new account's profile and the language of its emails: identity asks, profiles answers.
    profiles: createAccountProfiles(db),
  })
  const sessions = createSessionResolver(auth)
  const profiles = createProfilesService({ db, media })
  const idTokens = createIdTokenExchange({ db, auth, issuers })
  const valuation = createValuationService({ db })
  const phones = createPhonesService({
    db,
    sms: createQueuedSms(jobs),
    limits: createAbuseLimits(limiter),
    secret: config.authSecret,
  })
  const selling = createSellingService({
    db,
    reference,
    media,
    phones,
    revalue: valuation.refreshListingEstimate,
    jobs,
    // A trusted dealer's car skips the queue unless a fraud signal fires (issue 38); asked only at publish time.
    publishesAtOnce: async (l) =>
      (await dealers.isTrustedPublisher(l.dealerId, l.ownerId)) && (await findTriggeredSignals(db, l.id)).length === 0,
  })
  // Dealers sit below listings and selling: their cars' counts and drafts are passed in.
  const dealers = createDealersService({
    db,
    limiter,
    media,
    listings: {
      count: (ids) => countDealerListings(readDb, ids),
      reassign: reassignDealerListings,
      createDraft: (u, dealerId) => selling.createDraft(u, { dealerId }),
    },
  })
  const feeds = createFeedsService({
    db,
    reference,
    limiter,
    dealers,
    jobs,
    media,
    allowedHosts: config.feedFetchAllowedHosts ?? [],
    // Feed cars an apply puts on sale (a trusted dealer's) or re-prices on sale are valued at once, as typed ones are.
    revalue: valuation.refreshListingEstimate,
  })
  const dealerDesk = createDealerDeskService({
    db: readDb,
    limiter,
    dealers,
    leads: leadDesk,
    stock: { bulkChange: selling.bulkChange },
    // Built further down (it needs payments); the desk asks it for bulk promotion and the dealer's receipts.
    promotions: {
      orderForDealer: (u, dealerId, body) => promotions.orderForDealer(u, dealerId, body),
      listDealerReceipts: (dealerId) => promotions.listDealerReceipts(dealerId),
    },
  })
  // New messages reach open pages through this (runtime.ts starts its database listener).
  const messageHub = createMessageHub()
  const messaging = createMessagingService({ db, hub: messageHub, limiter })
  const inspections = createInspectionsService({ db })
  const moderation = createModerationService({
    db,
    reference,
    inspections,
    revalue: valuation.refreshListingEstimate,
    jobs,
  })
  const freshListings = createFreshListingsService({
    db,
    jobs,
    limiter,
    phones,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
  })
  const complaints = createComplaintsService({
    db,
    moderation,
    limiter,
    jobs,
    onReportedSold: freshListings.pauseIfReportedSold,
  })
  const staff = createStaffService({ db })
  const tulpar = createTulparService({ db, inspections })
  const seo = createSeoService({ db: readDb, publicUrl: config.publicUrl })
  const savedSearches = createSavedSearchesService({ db, listings, jobs })
  const favourites = createFavouritesService({ db })
  const garage = createGarageService({ db, reference, valuation, selling, limiter })
  const notifications = createNotificationsService({
    db,
    jobs,
    delivery,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    vapidPublicKey: config.push?.vapid?.publicKey ?? null,
  })
  // Without a configured provider (config.payments null) paid services answer 503; tests get the local one.
  const paymentSettings = config.payments === undefined ? { provider: 'local' as const } : config.payments
  const payments = createPaymentsService({
    db,
    publicUrl: config.publicUrl,
    provider:
      paymentSettings === null
        ? null
        : paymentSettings.provider === 'local'
          ? createLocalProvider(config.publicUrl, config.authSecret)
          : createKaspiProvider(paymentSettings),
  })
  const vehicleChecks = createVehicleChecksService({
    db,
    jobs,
    payments,
    valuation,
    limiter,
    publicUrl: config.publicUrl,
    priceKzt: config.vehicleCheckPriceKzt ?? 4_990,
    reportDelaySeconds: config.reportDelaySeconds ?? 0,
  })
  const promotions = createPromotionsService({ db, jobs, payments, limiter, publicUrl: config.publicUrl })
  return {
    seo,
    payments,
    vehicleChecks,
    promotions,
    reference,
    company,
    listings,
    carPage,
    leads,
    leadDesk,
    partners,
    partnersAdmin,
    auth,
    sessions,
    profiles,
    idTokens,
    localIdp,
    valuation,
    phones,
    selling,
    messaging,
    messageHub,
    complaints,
    freshListings,
    dealers,
    dealerDesk,
    feeds,
    moderation,
    staff,
    tulpar,
    savedSearches,
    favourites,
    garage,
    notifications,
    retention: createRetention({ db }),
    // The audit trail's pages and export; the services that act record into it themselves (recordAudit).
    audit: createAuditService({ db }),
  }
}
export type Services = ReturnType<typeof createServices>
