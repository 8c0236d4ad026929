import type { LeadKind, LeadStatus } from '@tulpar/contracts'
/** What each queue's jobs carry. Job data is JSON: ids and texts, never rows. */
export interface JobPayloads {
  /** One email through the mailer (SMTP or the outbox). `key` makes a retried job deliver once. */
  email: { key: string; to: string; subject: string; text: string; headers?: Record<string, string> }
  /** One SMS (sign-in and phone codes). */
  sms: { key: string; to: string; text: string }
  /** One push message to one browser subscription or app token. */
  push: {
    key: string
    channel: 'webpush' | 'fcm'
    /** Web Push: the subscription id; FCM: the device token. */
    target: string
    title: string
    body: string
    url: string
  }
  /** Something happened to a listing that buyers may want to hear about. */
  'listing-event':
    | { kind: 'published'; listingId: number }
    | { kind: 'price-dropped'; listingId: number; fromKzt: number; toKzt: number }
    | { kind: 'sold'; listingId: number }
    /** Staff took a listing on sale down (a complaint found it wrong): the people who saved it are told. */
    | { kind: 'withdrawn'; listingId: number }
    /** The row is gone by the time the job runs: who to tell and what the car was travel with the job. */
    | { kind: 'removed'; listingId: number; userIds: string[]; title: string }
  /**
   * The at-once alerts of the saved searches a newly published listing matched: one job per listing, so the
   * matching itself only records matches and the fan-out to each user's alert runs on its own.
   */
  'search-alerts': { listingId: number }
  /** Tell one user about something (writes the inbox message and queues the email and pushes). */
  alert: { key: string; userId: string; alert: Alert }
  /** The daily digest of saved-search matches (scheduled hourly; each search at most once a day). */
  'search-digest': Record<string, never>
  /** News or a promotion to everyone who opted in, in pages of users. */
  broadcast: { broadcastId: number; afterUserId?: string }
  /** Make the TulparAutoCheck report of a paid vehicle check. */
  'vehicle-report': { reportId: number }
  /**
   * Give a payment back in full: a second payment of an order already paid (two checkout tabs), or a paid check
   * whose report could not be made.
   */
  'payment-refund': {
    paymentId: string
    /** Part of the payment only (a promotion's unused days, decision 033); absent: all of it. */
    amountKzt?: number
  }
  /** A lead was stored: tell the staff on duty, and a partner its own request. */
  'lead-created': { leadId: number }
  /** The market estimates and deal ratings (scheduled). */
  'estimate-refresh': Record<string, never>
  /** A value a day for garage cars whose owners did not open the garage that day (scheduled). */
  'garage-values': Record<string, never>
  /** The retention purges: what the privacy policy promises to delete, and when (scheduled hourly). */
  retention: Record<string, never>
  /** Fresh listings (decision 032): ask the sellers due to confirm, pause the unanswered (scheduled hourly). */
  'fresh-listings': Record<string, never>
  /** One seller's message about one listing: asked to confirm it is still for sale, or told it is paused. */
  'fresh-notice': { key: string; listingId: number; kind: 'ask' | 'unconfirmed' | 'reported_sold' }
  /** Paid promotion (decision 033): end the promotions due and those of cars off sale, tell sellers (scheduled). */
  promotions: Record<string, never>
  /** Dealers' feed URLs (issue 38): fetch, dry-run and apply each one not fetched for a day (scheduled hourly). */
  'feed-fetch': Record<string, never>
  /** One feed car's photos after an apply: fetch the URLs it has no photo of, drop those the feed dropped. */
  'feed-photos': { listingId: number; importId: number; locale: 'ru' | 'kk' | 'en' }
  /** One seller's message that a promotion ends within a day. */
  'promotion-notice': { key: string; promotionId: number }
}
export type JobName = keyof JobPayloads

/** An alert before it is put into words: each channel writes it in the user's language. */
export type Alert =
  | { kind: 'price-dropped'; listingId: number; title: string; fromKzt: number; toKzt: number }
  | { kind: 'sold'; listingId: number; title: string }
  | { kind: 'removed'; listingId: number; title: string }
  | { kind: 'withdrawn'; listingId: number; title: string }
  /** To a user whose complaint staff upheld: the listing they reported was taken down. */
  | { kind: 'complaint-upheld'; listingId: number; title: string }
  | { kind: 'search-matches'; savedSearchId: number; name: string; path: string; count: number; listingIds: number[] }
  | { kind: 'broadcast'; broadcastId: number; topic: 'news' | 'promotions' }
  /** To the staff on duty: a new lead waits in the desk. */
  | { kind: 'lead-new'; leadId: number; leadKind: LeadKind }
  /** To the signed-in sender: their request moved on. */
  | { kind: 'lead-status'; leadId: number; leadKind: LeadKind; status: LeadStatus }
  /** To a dealer's people: an import of its feed finished (applied, or a fetched feed refused or not fetched). */
  | {
      kind: 'feed-import'
      dealerId: number
      dealerName: string
      importId: number
      source: 'upload' | 'url'
      status: 'applied' | 'refused' | 'failed'
      counts: { created: number; updated: number; removed: number; refused: number }
    }
