import { randomBytes } from 'node:crypto'
import { infraAvailable, redisAnswers } from '@tulpar/api/testing/infra'
import { Redis } from 'ioredis'
import { afterAll, afterEach, vi } from 'vitest'
import {
  connectSharedPageStore,
  MEMORY_WARNING,
  type SharedPage,
  type SharedPageStore,
} from './shared-page-store.server.ts'

/*
 * The shared page store's tests against a real Redis (REDIS_URL, else 127.0.0.1:6379): `*.redis.test.ts`, each test
 * under a prefix of its own. CI runs Redis and fails without it; elsewhere they are skipped when none answers.
 */

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether the Redis tests run: Redis answers within a second (skipped when not, but on CI, where it must, they fail). */
export async function redisAvailable(): Promise<boolean> {
  return infraAvailable(`Redis at ${REDIS_URL}`, await redisAnswers(REDIS_URL))
}

/**
 * One test file's stores (app processes' views of Redis) under a run prefix of its own, with the warnings they log:
 * cleared after each test; the stores closed and their keys deleted after the file.
 */
export function redisStores(answers: boolean) {
  const run = `tulpar-test:pages:${randomBytes(6).toString('hex')}`
  const opened: { close(): Promise<void> }[] = []
  let testNo = 0
  const warnings: { obj: object; msg: string }[] = []
  /** The start's warning about Redis's memory settings, apart from the failures' warnings. */
  const memoryWarnings: object[] = []
  const log = {
    warn: (obj: object, msg: string) =>
      msg === MEMORY_WARNING ? memoryWarnings.push(obj) : warnings.push({ obj, msg }),
  }

  afterEach(() => {
    warnings.length = 0
    memoryWarnings.length = 0
  })

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()))
    if (!answers) return
    const admin = new Redis(REDIS_URL)
    const keys = await admin.keys(`${run}*`)
    if (keys.length > 0) await admin.del(...keys)
    await admin.quit()
  })

  return {
    warnings,
    memoryWarnings,
    /** Closed after the file, before the stores' keys are deleted (an app holding stores, say). */
    closeAfter: (closable: { close(): Promise<void> }) => opened.push(closable),
    /** A prefix for one test: its stores share it, and no other test's. */
    newPrefix: () => `${run}:${++testNo}`,
    /** A store (one app process's) once connected and ready; `url` may be a proxy's. */
    async store(prefix: string, options: { url?: string; buildId?: string; waitMs?: number } = {}) {
      const s = connectSharedPageStore(options.url ?? REDIS_URL, {
        buildId: options.buildId ?? 'build-a',
        prefix,
        // Generous: these tests are about what is shared, not about the production wait (tested with a stalled Redis).
        waitMs: options.waitMs ?? 2000,
        log,
      })
      opened.push(s)
      await vi.waitUntil(async () => (await s.find('probe')).found !== 'error', { timeout: 5000, interval: 10 })
      return s
    },
  }
}

export const page = (tags: string[], body = 'car 1'): SharedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding' },
  body: Buffer.from(body),
  tags,
})

/** Looks `key` up, renders (nothing), keeps `kept` as the render: what a process does on a miss. */
export async function renderAndKeep(s: SharedPageStore, key: string, kept: SharedPage, ttlMs = 60_000) {
  const miss = await s.find(key)
  if (miss.found !== 'none') throw new Error(`expected a miss, got ${miss.found}`)
  return s.keep(key, kept, ttlMs, miss.clock)
}
