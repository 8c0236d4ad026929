import { createHash } from 'node:crypto'
import { Redis } from 'ioredis'
import type { NonceSlots } from '../security/kept-page-nonce.server.ts'
import { codeIdentity } from './build-identity.server.ts'
import { LONGEST_GUEST_PAGE_MS } from './cache-for-guests.server.ts'
import { SCRIPTS, type Script } from './shared-page-scripts.server.ts'

/*
 * The second level of the guests' page cache (docs/decisions/034-shared-page-cache.md): pages kept in Redis, shared
 * by every app process, so that one render serves all of them. Each process still answers from its own memory
 * first (page-cache.server.ts); this store is asked on a miss there, and filled when a process keeps a page it
 * rendered.
 *
 * Keys live under the build's identity (`tulpar:page:{build}:…`): another build's pages are never read. Purges do
 * not delete pages; they record when each tag was purged, in one hash per build, and a page is valid only while
 * every tag it shows was last purged before its render began (Redis's clock, read when the render's miss was
 * looked up). So a render that began before a purge and is stored after it is refused, a purge costs one hash
 * write per tag whatever the number of pages, and nothing about a purge can be evicted apart from its pages: a
 * missing hash (evicted, expired, or deleted by a purge of everything) makes every page invalid.
 *
 * Every wait is bounded: a look-up answers within `waitMs` or counts as an error and the page is rendered; nothing
 * is sent while the connection is down. Failures are logged once a minute at most.
 */

/** What a process keeps of a page; the shared store carries all of it across processes. */
export interface SharedPage {
  status: number
  headers: Record<string, string | string[]>
  body: Buffer
  tags: string[]
  nonce?: { slots: NonceSlots | null; policy: [string, string] }
}

export type SharedLookup =
  /** `clock`: Redis's time (µs) of the look-up, the render's start for `keep`; `ageMs` since the page's render began. */
  | { found: 'page'; page: SharedPage; ageMs: number; ttlMs: number; clock: number }
  | { found: 'none'; clock: number }
  | { found: 'error' }

export type SharedKeep = 'kept' | 'stale' | 'skipped' | 'error'

export interface SharedStoreLog {
  warn(obj: object, msg: string): void
}

export interface SharedPageStoreOptions {
  /** The code's identity: pages of another build are never read (build-identity.server.ts). */
  buildId: string
  /** Default `tulpar:page`. Tests give each their own. */
  prefix?: string
  /** How long a page waits for a look-up before it is rendered (default 100 ms). */
  waitMs?: number
  log: SharedStoreLog
  /** How often failures are logged at most (default a minute). */
  logEveryMs?: number
}

/** The longest a page is kept in Redis (a car page's six hours); purge times are kept as long. */
const MAX_SHARED_TTL_MS = LONGEST_GUEST_PAGE_MS
/** A render that took longer than this is not kept: purges are not remembered for it. */
const MAX_RENDER_MS = 60_000
/** Bodies above this stay in the process (pages are 10-90 KB). */
const MAX_SHARED_BYTES = 1024 * 1024
/** Purge times older than the longest TTL are dropped from the hash at most this often. */
const PRUNE_EVERY_MS = 60_000
/** Tags of purges Redis did not take, sent again when it is back; past this many, everything is purged instead. */
const MAX_UNSENT_TAGS = 10_000

/**
 * The store for the code under `root` (its identity: build-identity.server.ts), connecting to `url`; null, said in
 * the log, when the code cannot be read to name it (pages are then kept by each process alone).
 */
export async function openSharedPageStore(
  url: string,
  root: string,
  log: SharedStoreLog & { info(obj: object, msg: string): void },
  /** Which database the pages show (another database, or one made again, must never read these pages). */
  dataIdentity: Promise<string>,
): Promise<SharedPageStore | null> {
  const started = performance.now()
  try {
    const [code, data] = await Promise.all([codeIdentity(root), dataIdentity])
    const buildId = createHash('sha256').update(`${code}\n${data}`).digest('hex').slice(0, 16)
    log.info({ buildId, ms: Math.round(performance.now() - started) }, 'shared page cache: pages of this build')
    return connectSharedPageStore(url, { buildId, log })
  } catch (error) {
    log.warn({ err: String(error) }, 'shared page cache: the code could not be read to name its pages; not shared')
    return null
  }
}

/** The store on its own connection to `url`: short waits, nothing queued while disconnected. */
export function connectSharedPageStore(url: string, options: SharedPageStoreOptions): SharedPageStore {
  const redis = new Redis(url, {
    // A look-up waits `waitMs` (below); this only bounds how long a command nobody waits for stays pending.
    commandTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Off: ioredis 5.9's auto-pipelining drops the command's name from `callBuffer` (EVALSHA was sent as the SHA).
    enableAutoPipelining: false,
    connectionName: 'tulpar-pages',
  })
  return new SharedPageStore(redis, options)
}

/** Logged at start when the pages' Redis can fill up (docs/operations.md, "Guests' page cache"). */
export const MEMORY_WARNING =
  'shared page cache: Redis has no memory bound that evicts pages; give the pages a Redis of their own with --maxmemory and allkeys-lru'

/**
 * What is wrong, for pages, with the memory settings in Redis's `INFO memory`: no bound (`maxmemory` 0: it holds
 * every page rendered within its hour, growing with the traffic until the machine runs out), or a bound that evicts
 * nothing (`noeviction`: once full, no page is kept and every other client's writes fail). Null when it is bounded
 * and evicts, or when the answer does not say (a managed Redis may hide it).
 */
export function memoryWarningOf(info: string): string | null {
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim()
  const bound = field('maxmemory')
  const policy = field('maxmemory_policy')
  if (bound === undefined || policy === undefined) return null
  if (bound === '0') return `no maxmemory (policy ${policy})`
  if (policy === 'noeviction') return `maxmemory ${bound} bytes with noeviction`
  return null
}

export class SharedPageStore {
  private readonly redis: Redis
  private readonly pageKey: (key: string) => string
  private readonly purgesKey: string
  private readonly waitMs: number
  private readonly failures: FailureLog
  /** Purges that failed (Redis down, or no answer): sent again once it is back, before anything is looked up. */
  private unsent = new Set<string>()
  /** Whether Redis's memory bound was looked at (once: on the first connection). */
  private memoryChecked = false

  constructor(redis: Redis, options: SharedPageStoreOptions) {
    this.redis = redis
    // The build in braces: Redis Cluster keeps a build's pages and its purge hash in one slot (scripts use both).
    const base = `${options.prefix ?? 'tulpar:page'}:{${options.buildId}}`
    this.pageKey = (key) => `${base}:p:${key}`
    this.purgesKey = `${base}:purges`
    this.waitMs = options.waitMs ?? 100
    this.failures = new FailureLog(options.log, options.logEveryMs ?? 60_000)
    redis.on('error', (error: Error) => this.failures.note(error, 'connection'))
    // Runs as the connection becomes ready, so these are sent before any look-up.
    redis.on('ready', () => {
      void this.run(() => this.eval(SCRIPTS.prepare, [this.purgesKey], [String(MAX_SHARED_TTL_MS)]), 'prepare')
      if (!this.memoryChecked) {
        this.memoryChecked = true
        // Bounded by commandTimeout; a Redis that refuses INFO (a managed one may) is not a failure of the pages.
        redis.info('memory').then(
          (info) => {
            const warning = memoryWarningOf(info)
            if (warning) options.log.warn({ redis: warning }, MEMORY_WARNING)
          },
          () => {},
        )
      }
      const unsent = [...this.unsent]
      this.unsent.clear()
      if (unsent.length > 0) void this.purge(unsent)
    })
  }

  /** The page kept under `key`, or none (with Redis's time: the render's start), or an error (Redis down or slow). */
  async find(key: string): Promise<SharedLookup> {
    const answer = await this.run(
      () => this.eval(SCRIPTS.find, [this.pageKey(key), this.purgesKey], []),
      'find',
      this.waitMs,
    )
    if (!Array.isArray(answer)) return { found: 'error' }
    const clock = Number(answer[0])
    if (!Number.isFinite(clock)) return { found: 'error' }
    if (answer.length < 6) return { found: 'none', clock }
    const [, meta, body, started, ttl, tags] = answer
    const page =
      Buffer.isBuffer(meta) && Buffer.isBuffer(body) && Buffer.isBuffer(tags) ? pageOf(meta, body, tags) : null
    if (!page) {
      this.failures.note(new Error('a page that does not parse'), 'find')
      return { found: 'none', clock }
    }
    const ageMs = Math.max(0, (clock - Number(String(started))) / 1000)
    return { found: 'page', page, ageMs: Number.isFinite(ageMs) ? ageMs : 0, ttlMs: Number(ttl), clock }
  }

  /**
   * Keeps `page` for `ttlMs`, unless one of its tags was purged after `startedAt` (Redis's time of the look-up that
   * missed before its render): then 'stale'.
   */
  async keep(key: string, page: SharedPage, ttlMs: number, startedAt: number): Promise<SharedKeep> {
    if (page.body.length > MAX_SHARED_BYTES || ttlMs <= 0 || page.tags.some((tag) => tag.includes('\n')))
      return 'skipped'
    const answer = await this.run(
      () =>
        this.eval(
          SCRIPTS.keep,
          [this.pageKey(key), this.purgesKey],
          [
            String(startedAt),
            String(Math.round(ttlMs)),
            page.tags.join('\n'),
            metaOf(page),
            page.body,
            String(MAX_SHARED_TTL_MS),
            String(MAX_RENDER_MS * 1000),
          ],
        ),
      'keep',
    )
    if (answer === undefined) return 'error'
    return Number(answer) === 1 ? 'kept' : 'stale'
  }

  /**
   * Records a purge of `tags` ('*': every page of this build); false when Redis did not take it (or may not have):
   * then the tags are sent again when it is back, and pages are not shared meanwhile (this process looks nothing up
   * while disconnected; the others' purges of the same change reach it too).
   */
  async purge(tags: readonly string[]): Promise<boolean> {
    if (tags.length === 0) return true
    const answer = await this.run(
      () => this.eval(SCRIPTS.purge, [this.purgesKey], [String(MAX_SHARED_TTL_MS), String(PRUNE_EVERY_MS), ...tags]),
      'purge',
    )
    if (answer !== undefined) return true
    for (const tag of tags) this.unsent.add(tag)
    if (this.unsent.size > MAX_UNSENT_TAGS) this.unsent = new Set(['*'])
    return false
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit()
    } catch {
      this.redis.disconnect()
    }
  }

  /** The script's answer (bulk strings as bytes), by its SHA-1, or whole when Redis does not have it yet. */
  private async eval(script: Script, keys: string[], args: (string | Buffer)[]): Promise<unknown> {
    try {
      return await this.redis.callBuffer('EVALSHA', script.sha, keys.length, ...keys, ...args)
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error
      return await this.redis.callBuffer('EVAL', script.lua, keys.length, ...keys, ...args)
    }
  }

  /**
   * The command's answer, or undefined when Redis is not connected, fails, or (with `waitMs`) has not answered in
   * time. The late timer gives way once to I/O before it gives up: an answer already read off the socket while
   * this process was busy rendering still counts.
   */
  private async run<T>(command: () => Promise<T>, what: string, waitMs?: number): Promise<T | undefined> {
    if (this.redis.status !== 'ready') return undefined
    const sent = command().catch((error: Error) => {
      this.failures.note(error, what)
      return undefined
    })
    if (waitMs === undefined) return sent
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => setImmediate(resolve, undefined), waitMs)
    })
    const answer = await Promise.race([sent.then((value) => ({ value })), late])
    clearTimeout(timer)
    if (answer) return answer.value
    this.failures.note(new Error(`no answer within ${waitMs} ms`), what)
    return undefined
  }
}

/** Counts failures and logs them at most once per interval, with how many there were since the last line. */
class FailureLog {
  private count = 0
  private lastLogged = Number.NEGATIVE_INFINITY
  private readonly log: SharedStoreLog
  private readonly everyMs: number

  constructor(log: SharedStoreLog, everyMs: number) {
    this.log = log
    this.everyMs = everyMs
  }

  note(error: Error, what: string): void {
    this.count++
    const now = Date.now()
    if (now - this.lastLogged < this.everyMs) return
    this.lastLogged = now
    this.log.warn(
      { err: error.message, what, failures: this.count },
      'shared page cache: Redis failed; pages are rendered meanwhile',
    )
    this.count = 0
  }
}

interface Meta {
  status: number
  headers: Record<string, string | string[]>
  nonce?: {
    policy: [string, string]
    slots: { length: number; offsets: number[]; crc?: { value: number; placeholder: string; shift: number[] } } | null
  }
}

/** A page's status, headers and nonce slots as JSON (its body and tags travel apart, binary and as lines). */
export function metaOf(page: SharedPage): string {
  const meta: Meta = { status: page.status, headers: page.headers }
  if (page.nonce) {
    const slots = page.nonce.slots
    meta.nonce = {
      policy: page.nonce.policy,
      slots: slots && {
        length: slots.length,
        offsets: slots.offsets,
        ...(slots.crc && {
          crc: {
            value: slots.crc.value,
            placeholder: slots.crc.placeholder.toString('base64'),
            shift: [...slots.crc.shift],
          },
        }),
      },
    }
  }
  return JSON.stringify(meta)
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The page from its meta (as `metaOf` wrote it), body and tags (one a line); null for anything else. */
export function pageOf(meta: Buffer, body: Buffer, tags: Buffer): SharedPage | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(meta.toString('utf8'))
  } catch {
    return null
  }
  if (!isRecord(parsed) || !isCount(parsed.status) || !isRecord(parsed.headers)) return null
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(parsed.headers)) {
    if (isString(value) || (Array.isArray(value) && value.every(isString))) headers[name] = value
    else return null
  }
  const page: SharedPage = {
    status: parsed.status,
    headers,
    body,
    tags: tags.toString('utf8').split('\n').filter(Boolean),
  }
  if (parsed.nonce === undefined) return page
  const nonce = parsed.nonce
  if (!isRecord(nonce) || !Array.isArray(nonce.policy) || nonce.policy.length !== 2) return null
  const [before, after] = nonce.policy
  if (!isString(before) || !isString(after)) return null
  if (nonce.slots === null) {
    page.nonce = { policy: [before, after], slots: null }
    return page
  }
  const slots = nonce.slots
  if (!isRecord(slots) || !isCount(slots.length) || !Array.isArray(slots.offsets)) return null
  const offsets = slots.offsets
  if (!offsets.every((at): at is number => isCount(at) && at + Number(slots.length) <= body.length)) return null
  const kept: NonceSlots = { length: slots.length, offsets }
  if (slots.crc !== undefined) {
    const crc = slots.crc
    if (!isRecord(crc) || !isCount(crc.value) || !isString(crc.placeholder) || !Array.isArray(crc.shift)) return null
    const shift = crc.shift
    if (shift.length !== 32 || !shift.every((n): n is number => isCount(n) && n <= 0xffffffff)) return null
    kept.crc = { value: crc.value, placeholder: Buffer.from(crc.placeholder, 'base64'), shift: Uint32Array.from(shift) }
  }
  page.nonce = { policy: [before, after], slots: kept }
  return page
}
