import { startPeriodic } from '../../lib/periodic.ts'
import type { MediaStorage } from './media.storage.ts'

/**
 * A kind of uploaded media: its folder in storage (`listings/`, photo keys `listings/{id}/{name}`) and which of
 * a batch of photo keys some database row still owns.
 */
export interface MediaOwner {
  prefix: string
  owned(photoKeys: string[]): Promise<Set<string>>
}

export interface SweepResult {
  /** Photo folders looked at. */
  checked: number
  /** Photo folders removed because no row owns them. */
  removed: string[]
  /** What crashed writes left (temp files, then folders left empty), removed once older than the grace period. */
  leftovers: string[]
}

/** How old an unowned folder must be before it is removed: an upload writes its files before its row. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000
const BATCH = 500

/** `listings/7/ab12/card.jpg` -> `listings/7/ab12`: the photo key is the folder of its variants. */
function photoKeyOf(fileKey: string): string | null {
  const parts = fileKey.split('/')
  return parts.length === 4 ? parts.slice(0, 3).join('/') : null
}

/**
 * Removes photo folders no row owns and that are older than the grace period: what a crash (or a failed
 * transaction) between writing the files and saving the row left behind. Folders still being written, and
 * every folder a row owns, are never touched. Before that, the half-written temp files of a crash mid-write (the
 * folder listing never shows them) older than the grace period go, in every folder, and the folders they leave
 * empty.
 */
export async function sweepOrphanMedia(
  storage: MediaStorage,
  owners: MediaOwner[],
  { now = new Date(), graceMs = ORPHAN_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, removed: [], leftovers: [] }
  for (const owner of owners) {
    if (storage.removeLeftovers) {
      result.leftovers.push(...(await storage.removeLeftovers(owner.prefix, new Date(now.getTime() - graceMs))))
    }
    let batch: string[] = []
    const settle = async () => {
      const keys = batch
      batch = []
      const owned = await owner.owned(keys)
      result.checked += keys.length
      for (const key of keys) {
        if (owned.has(key)) continue
        await storage.deletePrefix(`${key}/`)
        result.removed.push(key)
      }
    }
    // Both stores list a folder's files one after another, so a folder is complete when the next one starts;
    // it is old only when every one of its files is.
    let current: string | null = null
    let young = false
    const finish = () => {
      if (current !== null && !young) batch.push(current)
    }
    for await (const file of storage.list(owner.prefix)) {
      const key = photoKeyOf(file.key)
      if (!key) continue
      if (key !== current) {
        finish()
        if (batch.length >= BATCH) await settle()
        current = key
        young = false
      }
      if (now.getTime() - file.modifiedAt.getTime() < graceMs) young = true
    }
    finish()
    if (batch.length > 0) await settle()
  }
  return result
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void }

/** First sweep a few minutes after start (never in the way of start-up), then every `intervalMs`. */
export function startMediaSweep(
  storage: MediaStorage,
  owners: MediaOwner[],
  log: Log,
  { firstMs = 5 * 60_000, intervalMs = 6 * 60 * 60_000 }: { firstMs?: number; intervalMs?: number } = {},
): () => void {
  return startPeriodic(
    async () => {
      const started = performance.now()
      try {
        const { checked, removed, leftovers } = await sweepOrphanMedia(storage, owners)
        log.info(
          {
            checked,
            removed: removed.length,
            leftovers: leftovers.length,
            ms: Math.round(performance.now() - started),
          },
          'media swept',
        )
      } catch (error) {
        log.error({ err: error }, 'media sweep failed')
      }
    },
    { firstMs, intervalMs },
  )
}
