import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import type { Encoding } from '../compression/compression.server.ts'
import { keepWithNonceSlots, newCspNonce, withNonce } from '../security/kept-page-nonce.server.ts'
import { codeIdentity } from './build-identity.server.ts'
import { memoryWarningOf, metaOf, pageOf, type SharedPage } from './shared-page-store.server.ts'

/** A page as entry.server.tsx writes it, its nonce on its scripts. */
const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>${'<p>Toyota Camry 2019</p>'.repeat(80)}<script nonce="${nonce}">2</script></body></html>`

const decode = (body: Buffer, encoding: Encoding) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString()

/** Through the store's format: what another process reads back. */
function trip(page: SharedPage): SharedPage | null {
  return pageOf(Buffer.from(metaOf(page)), page.body, Buffer.from(page.tags.join('\n')))
}

describe("a kept page's trip through the shared store", () => {
  test.each(['br', 'gzip', 'identity'] as const)(
    'a page (%s) read back takes a nonce of its own in its slots, as the page kept in memory does',
    async (encoding) => {
      const nonce = newCspNonce()
      const kept = await keepWithNonceSlots(Buffer.from(html(nonce)), nonce, encoding)
      expect(kept.slots).not.toBeNull()
      const page: SharedPage = {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding', link: ['<a>', '<b>'] },
        body: kept.body,
        tags: ['listing:7', 'listing:8'],
        nonce: { slots: kept.slots, policy: ["script-src 'nonce-", "' 'strict-dynamic'"] },
      }
      const back = trip(page)
      expect(back).toEqual(page)
      const slots = back?.nonce?.slots
      if (!slots) throw new Error('no slots read back')
      const fresh = newCspNonce()
      expect(decode(withNonce(back.body, slots, fresh), encoding)).toBe(html(fresh))
    },
  )

  test('a page without a nonce, or whose body has none, comes back as it went', () => {
    const plain: SharedPage = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      tags: [],
    }
    expect(trip(plain)).toEqual(plain)
    const noSlots: SharedPage = { ...plain, tags: ['lists'], nonce: { slots: null, policy: ["'nonce-", "'"] } }
    expect(trip(noSlots)).toEqual(noSlots)
  })

  test('anything that is not a page as written is refused, not served', () => {
    const body = Buffer.from('12345')
    const tags = Buffer.from('')
    const read = (meta: unknown) => pageOf(Buffer.from(JSON.stringify(meta)), body, tags)
    expect(pageOf(Buffer.from('{not json'), body, tags)).toBeNull()
    expect(read({ status: '200', headers: {} })).toBeNull()
    expect(read({ status: 200, headers: { a: 1 } })).toBeNull()
    expect(read({ status: 200, headers: {}, nonce: { policy: ['a'], slots: null } })).toBeNull()
    // A slot past the body's end would write outside it.
    expect(
      read({ status: 200, headers: {}, nonce: { policy: ['a', 'b'], slots: { length: 4, offsets: [2] } } }),
    ).toBeNull()
    const crc = { value: 1, placeholder: 'AAAA', shift: Array.from({ length: 31 }, () => 0) }
    expect(
      read({ status: 200, headers: {}, nonce: { policy: ['a', 'b'], slots: { length: 1, offsets: [0], crc } } }),
    ).toBeNull()
    expect(read({ status: 200, headers: { a: ['x', 'y'] } })).toEqual({
      status: 200,
      headers: { a: ['x', 'y'] },
      body,
      tags: [],
    })
  })
})

describe("the code's identity (the shared pages' namespace)", () => {
  const roots: string[] = []
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true })
  })

  async function tree(files: Record<string, string>): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'tulpar-identity-'))
    roots.push(root)
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true })
      await writeFile(join(root, path), text)
    }
    return root
  }

  const paths = ['build/server', 'src', 'web/*.ts', 'lock.json'] as const

  test('changes with any file the server runs, and with nothing else', async () => {
    const files = {
      'build/server/index.js': 'export const a = 1',
      'build/server/assets/x.js': 'x',
      'src/a.ts': 'a',
      'src/a.test.ts': 'test',
      'web/server.ts': 'server',
      'web/app/route.tsx': 'route',
      'lock.json': '{}',
    }
    const base = await codeIdentity(await tree(files), paths)
    expect(base).toMatch(/^[\w-]{16}$/)
    // The same code elsewhere: the same name.
    expect(await codeIdentity(await tree(files), paths)).toBe(base)
    for (const changed of ['build/server/assets/x.js', 'src/a.ts', 'web/server.ts', 'lock.json'])
      expect(await codeIdentity(await tree({ ...files, [changed]: 'changed' }), paths)).not.toBe(base)
    // A file moved to another name is another code.
    const { 'src/a.ts': moved, ...rest } = files
    expect(await codeIdentity(await tree({ ...rest, 'src/b.ts': moved }), paths)).not.toBe(base)
    // Tests, and files outside the paths, are not the server's code.
    expect(await codeIdentity(await tree({ ...files, 'src/a.test.ts': 'other test' }), paths)).toBe(base)
    expect(await codeIdentity(await tree({ ...files, 'web/app/route.tsx': 'other' }), paths)).toBe(base)
    // A server without its build still has a name, which the build changes.
    const { 'build/server/index.js': _, 'build/server/assets/x.js': __, ...unbuilt } = files
    expect(await codeIdentity(await tree(unbuilt), paths)).not.toBe(base)
  })
})

describe("Redis's memory settings, as INFO memory gives them", () => {
  const info = (maxmemory: string, policy: string) =>
    `# Memory\r\nused_memory:1052368\r\nmaxmemory:${maxmemory}\r\nmaxmemory_human:0B\r\nmaxmemory_policy:${policy}\r\n`

  test('no bound, or a bound that evicts nothing, is named; a bound that evicts is not', () => {
    expect(memoryWarningOf(info('0', 'noeviction'))).toBe('no maxmemory (policy noeviction)')
    expect(memoryWarningOf(info('0', 'allkeys-lru'))).toBe('no maxmemory (policy allkeys-lru)')
    expect(memoryWarningOf(info('2147483648', 'noeviction'))).toBe('maxmemory 2147483648 bytes with noeviction')
    expect(memoryWarningOf(info('2147483648', 'allkeys-lru'))).toBeNull()
    expect(memoryWarningOf(info('2147483648', 'volatile-lfu'))).toBeNull()
  })

  test('an answer that does not say (a managed Redis may hide the fields) is not a warning', () => {
    expect(memoryWarningOf('# Memory\r\nused_memory:1052368\r\n')).toBeNull()
    expect(memoryWarningOf('')).toBeNull()
  })
})
