import { describe, expect, test } from 'vitest'
import { compress, type Encoding } from '../compression/compression.server.ts'
import { keepWithNonceSlots, newCspNonce, withNonce } from '../security/kept-page-nonce.server.ts'
import { appendToKept, decodeKept } from './kept-page-tail.server.ts'
import { testPage } from './page-cache-app.testing.ts'

describe("a kept page's tail", () => {
  test.each(['br', 'gzip', 'identity'] as Encoding[])(
    'a kept page (%s) with an answer nonce and a tail decodes to the page and the tail',
    async (encoding) => {
      const nonce = newCspNonce()
      const raw = Buffer.from(testPage(nonce, 1))
      const kept = await keepWithNonceSlots(raw, nonce, encoding)
      expect(kept.encoding).toBe(encoding)
      const answerNonce = newCspNonce()
      const answer = kept.slots ? withNonce(kept.body, kept.slots, answerNonce) : kept.body
      const tail = Buffer.from(`<script nonce="${answerNonce}">window.x={"name":"Әлия <b>"}</script>`)
      const both = appendToKept(answer, encoding, tail)
      expect(both).not.toBeNull()
      expect(decodeKept(both as Buffer, encoding)?.toString()).toBe(testPage(answerNonce, 1) + tail.toString())
      // The kept bytes are not changed by an answer.
      expect(decodeKept(kept.body, encoding)?.includes(tail)).toBe(false)
    },
  )

  test('a body that does not end as a kept page takes no tail', async () => {
    const raw = Buffer.from(testPage('x', 1).repeat(3))
    // One-shot gzip ends with its data's last block, not an empty one after a flush.
    expect(appendToKept(await compress(raw, 'gzip', 'kept'), 'gzip', Buffer.from('tail'))).toBeNull()
    // A body that only looks like it: the decoding check (made before a kept body's first tail) refuses it.
    expect(decodeKept(appendToKept(Buffer.from([1, 2, 3]), 'br', Buffer.from('tail')) as Buffer, 'br')).toBeNull()
    // A tail too large for one block.
    expect(appendToKept(raw, 'identity', Buffer.alloc(70_000))).toBeNull()
  })
})
