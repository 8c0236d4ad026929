import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { compress } from '../compression/compression.server.ts'
import { keepWithNonceSlots, NONCES_PER_DRAW, newCspNonce, withNonce } from './kept-page-nonce.server.ts'

/** A page like a catalogue page: its nonce in the head, then 60 KB of cards, then the scripts (beyond gzip's window). */
function page(nonce: string): Buffer {
  const preloads = Array.from(
    { length: 12 },
    (_, i) => `<link rel="modulepreload" href="/assets/m${i}.js" nonce="${nonce}"/>`,
  )
  const cards = Array.from(
    { length: 600 },
    (_, i) =>
      `<a href="/cars/${i}"><h3>Toyota Camry ${2000 + (i % 25)}</h3><p>${12_500_000 + i * 1000} ₸, Алматы, Қазақстан</p></a>`,
  )
  const scripts = Array.from(
    { length: 8 },
    (_, i) => `<script nonce="${nonce}">window.__data${i} = ${JSON.stringify(cards.slice(i, i + 3))}</script>`,
  )
  return Buffer.from(
    `<!DOCTYPE html><html><head>${preloads.join('')}</head><body>${cards.join('')}${scripts.join('')}</body></html>`,
  )
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b }

describe('newCspNonce', () => {
  test('16 random bytes in base64, never the same twice, across the draws from the random source', () => {
    const nonces = Array.from({ length: NONCES_PER_DRAW * 2 + 3 }, () => newCspNonce())
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    }
    expect(new Set(nonces).size).toBe(nonces.length)
  })
})

describe("a kept page's nonce slots", () => {
  test.each(['br', 'gzip', 'identity'] as const)(
    'the page kept for %s decodes to itself with whatever nonce an answer writes, and never keeps its render nonce',
    async (encoding) => {
      const rendered = newCspNonce()
      const raw = page(rendered)
      expect(raw.length).toBeGreaterThan(60_000)
      const kept = await keepWithNonceSlots(raw, rendered, encoding)
      expect(kept.encoding).toBe(encoding)
      if (!kept.slots) throw new Error('no slots')
      // The kept bytes hold a placeholder, not the nonce of the guest whose request rendered the page.
      expect(decode[encoding](kept.body).includes(rendered)).toBe(false)
      for (let i = 0; i < 50; i++) {
        const nonce = newCspNonce()
        // gunzip checks the trailer's CRC-32, which each answer corrects.
        expect(decode[encoding](withNonce(kept.body, kept.slots, nonce)).equals(page(nonce))).toBe(true)
      }
      // Within a few percent of the page compressed as a whole (brotli 6, gzip 6).
      const whole = await compress(raw, encoding, 'kept')
      expect(kept.body.length).toBeLessThan(whole.length * 1.08)
    },
  )

  test("a body without the nonce (a page's data, an API answer) is kept as compressed, with no slots", async () => {
    const raw = Buffer.from(JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i })) }))
    const kept = await keepWithNonceSlots(raw, newCspNonce(), 'br')
    expect(kept.slots).toBeNull()
    expect(brotliDecompressSync(kept.body).equals(raw)).toBe(true)
  })

  test('a nonce of another length is refused, not written over the page', async () => {
    const kept = await keepWithNonceSlots(page('abc'), 'abc', 'identity')
    if (!kept.slots) throw new Error('no slots')
    expect(() => withNonce(kept.body, kept.slots as NonNullable<typeof kept.slots>, 'abcd')).toThrow()
  })
})
