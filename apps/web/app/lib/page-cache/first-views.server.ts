import { compressFirstView, decompress, type WireEncoding } from '../compression/compression.server.ts'
import { keepWithNonceSlots, newCspNonce } from '../security/kept-page-nonce.server.ts'
import { encodingOfKey } from './page-key.server.ts'
import type { Entry, FirstView, PageCache } from './page-store.server.ts'
import type { SharedPageStore } from './shared-page-store.server.ts'

/*
 * A page seen once is kept apart (decision 039): page-cache.server.ts keeps the first view (page-store.server.ts
 * holds it), answers its second view from it (answerFromFirstView) and, at the third, has it kept for good here.
 */

/**
 * How long after its first view a page kept at its third view is also given to the shared store: Redis refuses a
 * render whose look-up is more than a minute old (shared-page-store.server.ts), with a margin for the render itself.
 */
const SHARED_PROMOTION_MS = 50_000

/**
 * What a guest's answer in zstd says to caches in front (a first view, or an answer made from it): none may reuse it.
 * Such an answer is made for one browser that takes zstd, and a CDN that folds Accept-Encoding into brotli or gzip
 * (a common rule, written before zstd) would hand it to one that does not. The page kept for good is brotli and is
 * cached in front as before; browsers are told nothing new (no `no-store`: the back button keeps its page).
 */
export const ZSTD_GUEST_HEADERS: Record<string, string> = {
  'cache-control': 'public, max-age=0, s-maxage=0, must-revalidate',
  'cdn-cache-control': 'no-store',
}

/**
 * An answer made from a first view without keeping it for good: decoded, its render's nonce replaced by a fresh one
 * (16 random bytes in base64: always the same length), `tail` (given that nonce) appended, and compressed again at the
 * first view's speed in `encoding` (the visitor's: fastEncoding): about 0.3 ms for a car page in brotli, 0.15 in
 * zstd, where keeping it with slots cost 2-5 ms (issue 39). Its `headers` say the encoding it is in.
 */
export function answerFromFirstView(
  first: FirstView,
  encoding: WireEncoding,
  tail?: (nonce: string) => Buffer,
): { body: Buffer; policy: string; nonce: string; headers: Record<string, string | null> } {
  // A copy: an identity body is the kept one itself.
  const page = Buffer.from(decompress(first.body, first.firstView.encoding))
  const nonce = newCspNonce()
  const rendered = Buffer.from(first.firstView.nonce)
  const fresh = Buffer.from(nonce)
  if (fresh.length !== rendered.length) throw new Error('a nonce of another length than the render’s')
  for (let at = page.indexOf(rendered); at >= 0; at = page.indexOf(rendered, at + rendered.length)) fresh.copy(page, at)
  const [before, after] = policyOf(first)
  return {
    body: compressFirstView(tail ? Buffer.concat([page, tail(nonce)]) : page, encoding),
    policy: before + nonce + after,
    nonce,
    headers: {
      'content-encoding': encoding === 'identity' ? null : encoding,
      ...(encoding === 'zstd' ? ZSTD_GUEST_HEADERS : {}),
    },
  }
}

/** The policy of a kept page with a nonce (its header around the nonce). */
function policyOf(entry: Entry): [string, string] {
  if (!entry.nonce) throw new Error('a first view without its policy')
  return entry.nonce.policy
}

/**
 * A first view kept for good: decoded, compressed with slots for each answer's nonce, and kept in `cache` (and in
 * the shared store while young) unless one of its tags is purged meanwhile; undefined when it is not kept.
 */
export async function keepFirstViewForGood(
  cache: PageCache,
  shared: Pick<SharedPageStore, 'keep'> | null,
  first: FirstView,
): Promise<Entry | undefined> {
  const at = Date.now()
  const asked = encodingOfKey(first.key)
  const kept = await keepWithNonceSlots(decompress(first.body, first.firstView.encoding), first.firstView.nonce, asked)
  // In the key's encoding now, whatever its first visitor took.
  const headers = { ...first.headers }
  if (kept.encoding === 'identity') delete headers['content-encoding']
  else headers['content-encoding'] = kept.encoding
  // Its number in the first views' store is not its number as kept for good (the store gives it one).
  const { firstView, keptAs, ...rest } = first
  const entry: Entry = { ...rest, headers, body: kept.body, nonce: { slots: kept.slots, policy: policyOf(first) } }
  if (!cache.set(entry, at)) return undefined
  cache.countPromoted()
  const ttlMs = entry.expiresAt - Date.now()
  // Shared with the clock of its first look-up, so Redis refuses it if one of its tags was purged since (a purge
  // this process may have missed); Redis takes no render older than a minute, so a later one stays here.
  const young = Date.now() - first.storedAt < SHARED_PROMOTION_MS
  if (shared && firstView.sharedClock !== undefined && ttlMs > 0 && young)
    void shared.keep(entry.key, entry, ttlMs, firstView.sharedClock).then((outcome) => {
      if (outcome === 'error' || outcome === 'stale') cache.countShared(outcome)
    })
  return entry
}
