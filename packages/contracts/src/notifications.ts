import { z } from 'zod'

/** What a one-click unsubscribe link turns off: a preference, or one saved search's alerts. */
export const UnsubscribeTopic = z.union([
  z.enum(['priceChanges', 'news', 'promotions']),
  z.string().regex(/^search:\d{1,18}$/),
])
export type UnsubscribeTopic = z.infer<typeof UnsubscribeTopic>

/** The signed link's parts (RFC 8058 one-click: POST to the same URL). */
export const UnsubscribeQuery = z.object({
  u: z.string().min(1).max(100),
  t: UnsubscribeTopic,
  s: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
})
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>

export const UnsubscribeResult = z.object({
  topic: UnsubscribeTopic,
  /** The saved search's name when the topic is one. */
  searchName: z.string().nullable(),
})
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url().max(1000).startsWith('https://'),
  keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>

export const VapidKey = z.object({ publicKey: z.string().nullable() })

export const BROADCAST_TOPICS = ['news', 'promotions'] as const
export const BroadcastTopic = z.enum(BROADCAST_TOPICS)
const Texts = (max: number) =>
  z.strictObject({
    ru: z.string().trim().min(1).max(max),
    kk: z.string().trim().min(1).max(max),
    en: z.string().trim().min(1).max(max),
  })
export const CreateBroadcastBody = z.strictObject({
  topic: BroadcastTopic,
  subject: Texts(120),
  body: Texts(4000),
})
export type CreateBroadcastBody = z.infer<typeof CreateBroadcastBody>

export const Broadcast = z.object({
  id: z.number().int(),
  topic: BroadcastTopic,
  subject: z.object({ ru: z.string(), kk: z.string(), en: z.string() }),
  createdAt: z.iso.datetime(),
})
export type Broadcast = z.infer<typeof Broadcast>
export const BroadcastList = z.object({ results: z.array(Broadcast) })
