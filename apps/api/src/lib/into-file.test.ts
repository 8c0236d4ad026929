import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { useHttpStand } from '../testing/http-stand.ts'
import { intoFile } from './into-file.ts'
import { fetchPublic, type PublicFetchLimits } from './public-fetch.ts'

const stand = useHttpStand((req, res) => {
  if (req.url === '/feed.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n1,2\n')
  else if (req.url === '/big') res.writeHead(200).end(Buffer.alloc(4096))
  else res.writeHead(404).end()
})
const limits: PublicFetchLimits = {
  timeoutMs: 5000,
  maxBytes: 1024,
  maxRedirects: 3,
  allowedHosts: new Set(['localhost']),
}

let dir = ''
let path = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tulpar-into-file-'))
  path = join(dir, 'feed')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** How many descriptors of this process are open on files under `prefix` (Linux's /proc). */
async function openUnder(prefix: string): Promise<number> {
  let count = 0
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '')
    if (target.startsWith(prefix)) count++
  }
  return count
}

test('a fetched file is whole and closed when the call returns', async () => {
  const fetched = await intoFile(path, (file) => fetchPublic(stand.url('/feed.csv'), file, limits))
  expect(fetched.bytes).toBe(8)
  expect(await readFile(path, 'utf8')).toBe('a,b\n1,2\n')
  expect(await openUnder(dir)).toBe(0)
})

test.each([
  ['a refused address', () => `http://127.0.0.1:${stand.port}/feed.csv`, 'address'],
  ['an HTTP error', () => stand.url('/gone'), 'status'],
  ['a body over the limit', () => stand.url('/big'), 'too_large'],
])('after %s the file is closed before the call throws', async (_name, url, failure) => {
  await expect(intoFile(path, (file) => fetchPublic(url(), file, limits))).rejects.toMatchObject({ failure })
  expect(await openUnder(dir)).toBe(0)
})

test('an upload that fails at once leaves no descriptor behind', async () => {
  const broken = new Readable({
    read() {
      this.destroy(new Error('the client went away'))
    },
  })
  await expect(intoFile(path, (file) => pipeline(broken, file))).rejects.toThrow('the client went away')
  expect(await openUnder(dir)).toBe(0)
})
