import type { Config } from './config.ts'
import { type JobQueue, QUEUES } from './modules/jobs/index.ts'
import type { Services } from './services.ts'

/** Garage cars valued by one run of the hourly job (two queries each). */
const GARAGE_VALUES_PER_RUN = 500

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void }

// The refresh interval as a UTC cron: every 15 minutes for 15, every second hour for 120.
function refreshCron(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, minutes)} * * * *`
  const hours = Math.max(1, Math.round(minutes / 60))
  return hours >= 24 ? '0 3 * * *' : `0 */${hours} * * *`
}

/** What each queue's jobs do. Every process registers them; those with workers on run them. */
export function registerJobHandlers(
  queue: JobQueue,
  services: Services,
  config: Pick<Config, 'valuationRefreshMinutes'>,
  log: Log,
): void {
  const { notifications, savedSearches, valuation, leadDesk, vehicleChecks, payments, garage, promotions } = services
  queue.handle('email', (data) => notifications.deliverEmail(data))
  queue.handle('sms', (data) => notifications.deliverSms(data))
  queue.handle('push', (data) => notifications.deliverPush(data))
  queue.handle('alert', (data) => notifications.deliverAlert(data))
  queue.handle('listing-event', async (data) => {
    await notifications.handleListingEvent(data, (id) => savedSearches.matchPublishedListing(id))
    // A sold or taken-down car's promotions end at once (a deleted one's by the promotions run), decision 033.
    if (data.kind === 'sold' || data.kind === 'withdrawn')
      await promotions.endForListing(data.listingId, data.kind === 'sold' ? 'sold' : 'removed')
  })
  queue.handle('search-alerts', async (data) => {
    await savedSearches.sendInstantAlerts(data.listingId)
  })
  queue.handle('search-digest', async () => {
    const started = performance.now()
    const sent = await savedSearches.sendDueDigests()
    if (sent > 0) log.info({ sent, ms: Math.round(performance.now() - started) }, 'saved-search digests queued')
    // The hourly run also forgets delivery receipts of jobs long settled (retries end within hours).
    await notifications.pruneDeliveryReceipts(30)
  })
  queue.handle('broadcast', (data) => notifications.runBroadcastPage(data))
  const reportTries = QUEUES['vehicle-report'].retryLimit ?? 0
  queue.handle('vehicle-report', (data, job) =>
    vehicleChecks.generateReport(data.reportId, { lastTry: job.retryCount >= reportTries }),
  )
  queue.handle('payment-refund', async (data) => {
    if (await payments.refund(data.paymentId, data.amountKzt))
      log.info({ paymentId: data.paymentId, amountKzt: data.amountKzt }, 'payment refunded')
  })
  queue.handle('lead-created', async (data) => {
    await leadDesk.announceLead(data.leadId)
  })
  queue.schedule('search-digest', '15 * * * *')
  // Hourly, a bounded batch each run: the first runs of a day value every garage car not valued yet that day.
  queue.handle('garage-values', async () => {
    const started = performance.now()
    const valued = await garage.valueDueCars(GARAGE_VALUES_PER_RUN)
    if (valued > 0) log.info({ valued, ms: Math.round(performance.now() - started) }, 'garage cars valued')
  })
  queue.schedule('garage-values', '40 * * * *')
  // Hourly: the retention purges (modules/retention); each logs what it removed and records it for the metrics.
  queue.handle('retention', async () => {
    await services.retention.runAll(log)
  })
  queue.schedule('retention', '50 * * * *')
  // Hourly: fresh listings (decision 032), a bounded run that asks the sellers due and pauses the unanswered.
  queue.handle('fresh-listings', async () => {
    const counts = await services.freshListings.runDue()
    if (counts.asked + counts.paused > 0) log.info(counts, 'fresh listings asked and paused')
  })
  queue.schedule('fresh-listings', '25 * * * *')
  queue.handle('fresh-notice', (data) => services.freshListings.sendNotice(data))
  // Every ten minutes: promotions that ended, those of cars off sale, and notices of those ending within a day.
  queue.handle('promotions', async () => {
    const counts = await promotions.runDue()
    if (counts.expired + counts.ended + counts.noticed > 0) log.info(counts, 'promotions ended and noticed')
  })
  queue.schedule('promotions', '*/10 * * * *')
  queue.handle('promotion-notice', (data) => promotions.sendEndingNotice(data))
  // Hourly: dealers' feed URLs not fetched for a day are fetched, dry-run and applied (issue 38, docs/feeds.md).
  queue.handle('feed-fetch', async () => {
    const { fetched, errors } = await services.feeds.fetchDueFeeds()
    for (const { dealerId, error } of errors) log.error({ dealerId, err: error }, 'feed URL import failed')
    if (fetched > 0) log.info({ fetched }, 'feed URLs fetched')
  })
  queue.schedule('feed-fetch', '35 * * * *')
  queue.handle('feed-photos', (data) => services.feeds.syncFeedPhotos(data))
  if (config.valuationRefreshMinutes > 0) {
    const intervalMs = config.valuationRefreshMinutes * 60_000
    queue.handle('estimate-refresh', async () => {
      const started = performance.now()
      // A little under the interval, so a run that fires just before the due time still refreshes.
      const counts = await valuation.refreshEstimatesIfStale(intervalMs * 0.9)
      if (counts) log.info({ ...counts, ms: Math.round(performance.now() - started) }, 'market estimates refreshed')
    })
    queue.schedule('estimate-refresh', refreshCron(config.valuationRefreshMinutes))
  } else {
    queue.handle('estimate-refresh', async () => undefined)
  }
}
