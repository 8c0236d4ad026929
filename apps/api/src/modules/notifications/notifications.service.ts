import type {
  Broadcast,
  CreateBroadcastBody,
  Locale,
  PushSubscriptionBody,
  UnsubscribeQuery,
  UnsubscribeResult,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { recordAudit } from '../audit/index.ts'
import type { Delivery } from '../delivery/index.ts'
import { isWebPushEndpoint, PushTargetGoneError } from '../delivery/index.ts'
import { findFavouritedBy } from '../favourites/index.ts'
import { isPhoneAccountEmail, requireStaff, type SessionUser } from '../identity/index.ts'
import { type Alert, deliverOnce, type JobPayloads, type JobSender, pruneReceipts } from '../jobs/index.ts'
import { findListingTitle } from '../listings/index.ts'
import { sendSystemMessage } from '../messaging/index.ts'
import { type AlertText, alertText, emailFooter, openLine } from './alert-texts.ts'
import { PushEndpointNotAllowedError, UnsubscribeLinkError } from './notifications.errors.ts'
import * as repo from './notifications.repository.ts'
import { unsubscribeUrl, verifyUnsubscribe } from './unsubscribe.ts'

/**
 * Browsers per account that get pushes: one alert is one push to each. Ten fits a phone, a laptop and a work
 * computer with room for the stale ones a reinstalled or cleared browser leaves; saving one more forgets the
 * oldest rather than refusing, since the browser turning notifications on is the one the user is using now.
 */
const MAX_PUSH_SUBSCRIPTIONS = 10

/** Users told per broadcast job; the next page is its own job, so a crash repeats at most one page (and receipts dedupe it). */
const BROADCAST_PAGE = 500

type Topic = 'priceChanges' | 'news' | 'promotions' | `search:${number}`

function topicOf(alert: Alert): Topic {
  switch (alert.kind) {
    case 'search-matches':
      return `search:${alert.savedSearchId}`
    case 'broadcast':
      return alert.topic
    default:
      return 'priceChanges'
  }
}

/** About the user's own request or complaint, or their work (staff, a dealer's people): no subscription to leave. */
function isServiceAlert(alert: Alert): boolean {
  return (
    alert.kind === 'lead-new' ||
    alert.kind === 'lead-status' ||
    alert.kind === 'complaint-upheld' ||
    alert.kind === 'feed-import'
  )
}

function allowed(alert: Alert, r: repo.Recipient): boolean {
  if (r.isDeleted) return false
  if (alert.kind === 'broadcast') return alert.topic === 'news' ? r.notifyNews : r.notifyPromotions
  if (alert.kind === 'search-matches') return true // the search's own `alerts` setting was checked when it matched
  // About the user's own request, or the staff member's work: not a subscription, always told.
  if (isServiceAlert(alert)) return true
  return r.notifyPriceChanges
}

export function createNotificationsService({
  db,
  jobs,
  delivery,
  publicUrl,
  secret,
  vapidPublicKey,
}: {
  db: Db
  jobs: JobSender
  delivery: Delivery
  publicUrl: string
  secret: string
  vapidPublicKey: string | null
}) {
  async function textOf(alert: Alert, locale: Locale): Promise<AlertText | null> {
    if (alert.kind !== 'broadcast') return alertText(alert, locale)
    const b = await repo.findBroadcast(db, alert.broadcastId)
    return b ? { subject: b.subject[locale], body: b.body[locale], path: '/' } : null
  }

  /** Tells one user: the inbox message and the queued email and pushes commit together, once per key. */
  async function deliverAlert({ key, userId, alert }: JobPayloads['alert']): Promise<void> {
    const r = await repo.findRecipient(db, userId, MAX_PUSH_SUBSCRIPTIONS)
    if (!r || !allowed(alert, r)) return
    if (alert.kind === 'search-matches') {
      const alerts = await repo.findSearchAlerts(db, alert.savedSearchId)
      if (alerts === null || alerts === 'off') return
    }
    const text = await textOf(alert, r.language)
    if (!text) return
    const url = `${publicUrl}${text.path}`
    await deliverOnce(db, key, async (tx) => {
      const inbox = text.linkInInbox ? `${text.body}${openLine(r.language, url)}` : text.body
      await sendSystemMessage(tx, userId, inbox, new Date())
      if (r.email && !isPhoneAccountEmail(r.email) && isServiceAlert(alert)) {
        // A service message (the user's own request, or a lead at work), not a subscription: no unsubscribe.
        await jobs.send(
          'email',
          { key: `${key}:email`, to: r.email, subject: text.subject, text: `${text.body}${openLine(r.language, url)}` },
          { tx },
        )
      } else if (r.email && !isPhoneAccountEmail(r.email)) {
        const unsubscribe = unsubscribeUrl(publicUrl, secret, userId, topicOf(alert))
        await jobs.send(
          'email',
          {
            key: `${key}:email`,
            to: r.email,
            subject: text.subject,
            text: `${text.body}${openLine(r.language, url)}${emailFooter(r.language, unsubscribe, `${publicUrl}/account`)}`,
            headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
          { tx },
        )
      }
      const push = { title: text.subject, body: text.body, url: text.path }
      await jobs.sendMany(
        'push',
        [
          ...r.subscriptionIds.map((id) => ({
            key: `${key}:webpush:${id}`,
            channel: 'webpush' as const,
            target: String(id),
            ...push,
          })),
          ...(r.fcmToken ? [{ key: `${key}:fcm`, channel: 'fcm' as const, target: r.fcmToken, ...push }] : []),
        ],
        { tx },
      )
    })
  }

  return {
    deliverAlert,

    /** Turns a listing's event into one alert job per user to tell (favourites, saved searches). */
    async handleListingEvent(event: JobPayloads['listing-event'], matchPublished: (id: number) => Promise<number>) {
      if (event.kind === 'published') {
        await matchPublished(event.listingId)
        return
      }
      const userIds = event.kind === 'removed' ? event.userIds : await findFavouritedBy(db, event.listingId)
      const title = event.kind === 'removed' ? event.title : ((await findListingTitle(db, event.listingId)) ?? '')
      const alert: Alert =
        event.kind === 'price-dropped'
          ? { kind: 'price-dropped', listingId: event.listingId, title, fromKzt: event.fromKzt, toKzt: event.toKzt }
          : { kind: event.kind, listingId: event.listingId, title }
      const stamp = event.kind === 'price-dropped' ? `${event.fromKzt}-${event.toKzt}` : event.kind
      for (let i = 0; i < userIds.length; i += 500) {
        await jobs.sendMany(
          'alert',
          userIds
            .slice(i, i + 500)
            .map((userId) => ({ key: `listing:${event.listingId}:${stamp}:${userId}`, userId, alert })),
        )
      }
    },

    async deliverEmail(data: JobPayloads['email']): Promise<void> {
      await deliverOnce(db, data.key, (tx) =>
        delivery.mailer.send(
          { to: data.to, subject: data.subject, text: data.text, ...(data.headers ? { headers: data.headers } : {}) },
          { tx },
        ),
      )
    },

    async deliverSms(data: JobPayloads['sms']): Promise<void> {
      await deliverOnce(db, data.key, (tx) => delivery.sms.send({ to: data.to, text: data.text }, { tx }))
    },

    /**
     * Sends one push, with no transaction open while the push service is waited on (the sender's own timeout
     * bounds it): the key is marked delivered first and unmarked when the send fails, so the job's retry sends it
     * again. A process dying mid-send loses that one push rather than sending it twice. A gone subscription (404,
     * 410, or an endpoint that is not a push service) is forgotten, not retried.
     */
    async deliverPush(data: JobPayloads['push']): Promise<void> {
      const message = { title: data.title, body: data.body, url: data.url }
      const subscription = data.channel === 'webpush' ? await repo.findSubscription(db, Number(data.target)) : null
      if (data.channel === 'webpush' && !subscription) return
      if (!(await repo.claimDelivery(db, data.key))) return
      try {
        if (subscription) await delivery.push.sendWebPush(subscription, message)
        else await delivery.push.sendFcm(data.target, message)
      } catch (error) {
        if (error instanceof PushTargetGoneError) {
          if (subscription) await repo.deleteSubscription(db, subscription.id)
          return
        }
        await repo.releaseDelivery(db, data.key)
        throw error
      }
    },

    /** Staff send news or a promotion to everyone who opted in (pages of users, each page a job). */
    async createBroadcast(u: SessionUser, body: CreateBroadcastBody): Promise<Broadcast> {
      requireStaff(u)
      return db.transaction(async (tx) => {
        const row = await repo.insertBroadcast(tx, { ...body, createdBy: u.id })
        await jobs.send('broadcast', { broadcastId: row.id }, { tx })
        await recordAudit(tx, u, {
          action: 'broadcast.sent',
          targetType: 'broadcast',
          targetId: row.id,
          after: { topic: body.topic, subject: row.subject },
        })
        return { id: row.id, topic: body.topic, subject: row.subject, createdAt: row.createdAt.toISOString() }
      })
    },

    async listBroadcasts(u: SessionUser): Promise<Broadcast[]> {
      requireStaff(u)
      const rows = await repo.listBroadcasts(db, 50)
      return rows.map((r) => ({
        id: r.id,
        topic: r.topic === 'promotions' ? 'promotions' : 'news',
        subject: r.subject,
        createdAt: r.createdAt.toISOString(),
      }))
    },

    async runBroadcastPage({ broadcastId, afterUserId = '' }: JobPayloads['broadcast']): Promise<void> {
      const b = await repo.findBroadcast(db, broadcastId)
      if (!b) return
      const topic = b.topic === 'promotions' ? 'promotions' : 'news'
      const userIds = await repo.findOptedIn(db, topic, afterUserId, BROADCAST_PAGE)
      if (userIds.length === 0) return
      await db.transaction(async (tx) => {
        await jobs.sendMany(
          'alert',
          userIds.map((userId) => ({
            key: `broadcast:${broadcastId}:${userId}`,
            userId,
            alert: { kind: 'broadcast' as const, broadcastId, topic },
          })),
          { tx },
        )
        if (userIds.length === BROADCAST_PAGE)
          await jobs.send('broadcast', { broadcastId, afterUserId: userIds[userIds.length - 1] }, { tx })
      })
    },

    /** What a signed unsubscribe link would turn off, changing nothing (the page asks before it acts). */
    async describeUnsubscribe(q: UnsubscribeQuery): Promise<UnsubscribeResult> {
      if (!verifyUnsubscribe(secret, q.u, q.t, q.s)) throw new UnsubscribeLinkError()
      if (!q.t.startsWith('search:')) return { topic: q.t, searchName: null }
      const searchName = await repo.findSearchName(db, q.u, Number(q.t.slice('search:'.length)))
      return { topic: q.t, searchName }
    },

    /** One-click unsubscribe (signed link, no sign-in). Throws UnsubscribeLinkError for a bad signature. */
    async unsubscribe(q: UnsubscribeQuery): Promise<UnsubscribeResult> {
      if (!verifyUnsubscribe(secret, q.u, q.t, q.s)) throw new UnsubscribeLinkError()
      if (q.t.startsWith('search:')) {
        const searchName = await repo.turnOffSearchAlerts(db, q.u, Number(q.t.slice('search:'.length)))
        return { topic: q.t, searchName }
      }
      const field = q.t === 'news' ? 'notifyNews' : q.t === 'promotions' ? 'notifyPromotions' : 'notifyPriceChanges'
      await repo.setPreference(db, q.u, field)
      return { topic: q.t, searchName: null }
    },

    vapidPublicKey: () => vapidPublicKey,

    /** Forgets delivery receipts older than `days` (their jobs settled long ago). */
    pruneDeliveryReceipts: (days: number) => pruneReceipts(db, days),

    /**
     * Throws PushEndpointNotAllowedError unless the endpoint is a known push service's (https, default port, no
     * user:password@): anything else would have the server post to an address of the user's choosing.
     */
    async savePushSubscription(u: SessionUser, body: PushSubscriptionBody): Promise<void> {
      if (!isWebPushEndpoint(body.endpoint)) throw new PushEndpointNotAllowedError()
      const subscription = { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }
      await db.transaction(async (tx) => {
        await repo.upsertSubscription(tx, u.id, subscription, new Date())
        await repo.forgetOldSubscriptions(tx, u.id, MAX_PUSH_SUBSCRIPTIONS)
      })
    },

    async deletePushSubscription(u: SessionUser, endpoint: string): Promise<boolean> {
      return repo.deleteSubscriptionByEndpoint(db, u.id, endpoint)
    },
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>
