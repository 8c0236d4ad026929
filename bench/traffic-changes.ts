import pg from 'pg'
import { createRng } from '../apps/api/src/db/seed/demo/random.ts'
import { benchDatabaseUrl } from './database.ts'
import { BROWSER_HEADERS, type Popularity, TRAFFIC_SEED } from './traffic-stream.ts'

/*
 * The market's changes alongside its traffic (issue 39): about one a second, a seller's price change on a published
 * car drawn with the same popularity as the car pages (so the pages people look at are the ones purged, as in life),
 * and now and then a new listing published (a car waiting in moderation approved). Both are plain SQL updates: the
 * database's triggers notify every process's page cache as the app's own writes do (migration 0017; an INSERT would
 * purge every page, which publishing does not). Everything changed is put back when the part ends, so the bench
 * database stays as seeded.
 */

/**
 * Changes per second, and the share of them that publish a listing rather than change a price. BENCH_PUBLISH_SHARE
 * sets another share for an experiment (0: price changes only; decision 042 measured what the new cars cost).
 */
export const CHANGES_PER_SECOND = 1
export const PUBLISH_SHARE = publishShare(process.env.BENCH_PUBLISH_SHARE)

function publishShare(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 0.1
  const share = Number(setting)
  if (!(share >= 0 && share <= 1)) throw new Error(`BENCH_PUBLISH_SHARE must be a share from 0 to 1, not ${setting}`)
  return share
}

export interface ChangeCounts {
  priceChanges: number
  published: number
}

interface Published {
  id: number
  publishedAt: Date | null
  firstPublishedAt: Date | null
  statusChangedAt: Date
}

/** The change stream's connection, the changes made so far and what to put back. */
export class ChangeStream {
  private readonly client: pg.Client
  private readonly rng = createRng(TRAFFIC_SEED + 2)
  private readonly originalPrices = new Map<number, number>()
  private readonly published: Published[] = []
  private waiting: number[] = []
  private counts: ChangeCounts = { priceChanges: 0, published: 0 }
  private running: Promise<void> | null = null
  private stopping = false

  private readonly popularity: Popularity

  private constructor(client: pg.Client, popularity: Popularity) {
    this.client = client
    this.popularity = popularity
  }

  static async open(popularity: Popularity): Promise<ChangeStream> {
    const client = new pg.Client({ connectionString: benchDatabaseUrl(), application_name: 'bench-traffic-changes' })
    await client.connect()
    const stream = new ChangeStream(client, popularity)
    const { rows } = await client.query<{ id: string }>(
      `select id from listings where status = 'moderation' and brand_id is not null and model_id is not null
       order by id limit 2000`,
    )
    stream.waiting = rows.map((r) => Number(r.id))
    return stream
  }

  /** The changes made so far (subtract two readings for a window). */
  made(): ChangeCounts {
    return { ...this.counts }
  }

  /** Starts making CHANGES_PER_SECOND changes a second, each on time (a slow one is not made up for). */
  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = (async () => {
      let next = performance.now()
      while (!this.stopping) {
        await this.makeOne()
        next += 1000 / CHANGES_PER_SECOND
        const wait = next - performance.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        else next = performance.now()
      }
    })()
  }

  async stop(): Promise<void> {
    this.stopping = true
    await this.running
    this.running = null
  }

  private async makeOne(): Promise<void> {
    const publish = this.rng.chance(PUBLISH_SHARE) && this.waiting.length > 0
    if (publish) {
      const id = this.waiting.shift() as number
      const { rows } = await this.client.query<{
        published_at: Date | null
        first_published_at: Date | null
        status_changed_at: Date
      }>(
        `with before as (
           select id, published_at, first_published_at, status_changed_at from listings
           where id = $1 and status = 'moderation' for update)
         update listings l set status = 'published', published_at = now(), status_changed_at = now(),
           first_published_at = coalesce(l.first_published_at, now())
         from before where l.id = before.id
         returning before.published_at, before.first_published_at, before.status_changed_at`,
        [id],
      )
      const row = rows[0]
      if (!row) return
      this.published.push({
        id,
        publishedAt: row.published_at,
        firstPublishedAt: row.first_published_at,
        statusChangedAt: row.status_changed_at,
      })
      this.counts.published++
      return
    }
    const id = this.popularity.draw(this.rng)
    // 1-5% down or up (two in three down, as sellers mostly lower), to a round 10,000 tenge.
    const factor = 1 + (this.rng.chance(2 / 3) ? -1 : 1) * this.rng.float(0.01, 0.05)
    const price = await this.setPrice(id, (old) => Math.max(100_000, Math.round((old * factor) / 10_000) * 10_000))
    if (price !== null) this.counts.priceChanges++
  }

  /** Sets a published car's price to `to(old)`; answers the new price (null: not a published car). */
  async setPrice(id: number, to: (old: number) => number): Promise<number | null> {
    const { rows } = await this.client.query<{ price: string }>(
      `select price_kzt as price from listings where id = $1 and status = 'published'`,
      [id],
    )
    if (!rows[0]) return null
    const old = Number(rows[0].price)
    if (!this.originalPrices.has(id)) this.originalPrices.set(id, old)
    let price = to(old)
    if (price === old) price = old - 10_000
    await this.client.query('update listings set price_kzt = $2 where id = $1', [id, price])
    return price
  }

  /**
   * Puts back every price changed and every listing published so far. Called while a server still listens, so its
   * caches (and the pages the processes share through Redis) are purged of the changed copies as in life.
   */
  async restore(): Promise<void> {
    await this.stop()
    for (const [id, price] of this.originalPrices)
      await this.client.query('update listings set price_kzt = $2 where id = $1', [id, price])
    this.originalPrices.clear()
    for (const p of this.published.splice(0))
      await this.client.query(
        `update listings set status = 'moderation', published_at = $2, first_published_at = $3,
           status_changed_at = $4 where id = $1`,
        [p.id, p.publishedAt, p.firstPublishedAt, p.statusChangedAt],
      )
  }

  /** Puts back what is left to put back (a part that failed half-way) and closes the connection. */
  async restoreAndClose(): Promise<void> {
    try {
      await this.restore()
    } finally {
      await this.client.end()
    }
  }
}

export interface PriceVisibility {
  /** The latest request (sent this many ms after the change was committed) still answered with the old price; 0: none. */
  guestStaleMs: number
  signedInStaleMs: number
  /** When the first answer with the new price arrived, ms after the change (-1: none within 10 s). */
  guestSeenMs: number
  signedInSeenMs: number
}

/**
 * How long a price change takes to reach a guest (whose copy of the page is in the cache) and a signed-in visitor,
 * under the market's load: the price is changed, and both ask for the page every 100 ms without waiting for the
 * answers (under load an answer takes longer than that) until each has seen the new price. A request sent after
 * the change and answered with the old price is a stale answer: the target is that none is sent later than 1 s
 * after the change.
 */
export async function priceVisibleWithin(
  baseUrl: string,
  changes: ChangeStream,
  id: number,
  signedInCookie: string,
): Promise<PriceVisibility> {
  const page = async (cookie?: string) => {
    const res = await fetch(`${baseUrl}/cars/${id}`, { headers: { ...BROWSER_HEADERS, ...(cookie && { cookie }) } })
    return { ok: res.ok, body: await res.text() }
  }
  // Twice: the second is the cached copy (if the first was a miss, it filled the cache).
  await page()
  await page()
  const price = await changes.setPrice(id, (old) => old - 7_770)
  if (price === null) return { guestStaleMs: -1, signedInStaleMs: -1, guestSeenMs: -1, signedInSeenMs: -1 }
  const start = performance.now()
  const watch = async (cookie?: string) => {
    let staleMs = 0
    let seenMs = -1
    const asked: Promise<void>[] = []
    while (seenMs < 0 && performance.now() - start < 10_000) {
      const sentMs = Math.round(performance.now() - start)
      asked.push(
        page(cookie).then(
          ({ ok, body }) => {
            if (!ok) return
            if (!body.includes(String(price))) staleMs = Math.max(staleMs, sentMs)
            else if (seenMs < 0) seenMs = Math.round(performance.now() - start)
          },
          () => {},
        ),
      )
      await new Promise((r) => setTimeout(r, 100))
    }
    await Promise.all(asked)
    return { staleMs, seenMs }
  }
  const [guest, signedIn] = await Promise.all([watch(), watch(signedInCookie)])
  return {
    guestStaleMs: guest.staleMs,
    signedInStaleMs: signedIn.staleMs,
    guestSeenMs: guest.seenMs,
    signedInSeenMs: signedIn.seenMs,
  }
}
