import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createS3Storage, EMPTY_SHA256, signRequest } from './media.s3.ts'

/* AWS's published Signature Version 4 examples for S3 (the "examplebucket" requests of the S3 API reference). */
const EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
  now: new Date('2013-05-24T00:00:00Z'),
}
const signature = (authorization: string | undefined) => /Signature=([0-9a-f]{64})/.exec(authorization ?? '')?.[1]

describe('SigV4 signing', () => {
  test("matches AWS's example GET Object with a Range header", () => {
    const headers = signRequest({
      ...EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadSha256: EMPTY_SHA256,
    })
    expect(headers.authorization).toContain('SignedHeaders=host;range;x-amz-content-sha256;x-amz-date')
    expect(signature(headers.authorization)).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
  })

  test("matches AWS's example PUT Object (a key with $ in it)", () => {
    const body = 'Welcome to Amazon S3.'
    const headers = signRequest({
      ...EXAMPLE,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadSha256: createHash('sha256').update(body).digest('hex'),
    })
    expect(signature(headers.authorization)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')
  })

  test("matches AWS's example GET Bucket (list objects) with query parameters", () => {
    const headers = signRequest({
      ...EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
      headers: {},
      payloadSha256: EMPTY_SHA256,
    })
    expect(signature(headers.authorization)).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
  })
})

/**
 * A small fake S3: keeps objects in memory, checks every request's signature by signing it again from what
 * actually arrived (so anything fetch changes on the way breaks the test), and answers like S3 does.
 */
function fakeS3(bucket: string, secret: string) {
  const objects = new Map<string, { body: Buffer; type: string }>()
  const seen: string[] = []
  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks)))
    })
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    const auth = String(req.headers.authorization ?? '')
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? []
    const headers: Record<string, string> = {}
    for (const name of signed) if (name !== 'host') headers[name] = String(req.headers[name] ?? '')
    const again = signRequest({
      method: req.method ?? 'GET',
      url,
      headers,
      payloadSha256: createHash('sha256').update(body).digest('hex'),
      accessKeyId: 'test-key',
      secretAccessKey: secret,
      region: 'kz-1',
      service: 's3',
      now: new Date(
        String(req.headers['x-amz-date']).replace(
          /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
          '$1-$2-$3T$4:$5:$6Z',
        ),
      ),
    })
    if (again.authorization !== auth) {
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
      return
    }
    const [, b, ...rest] = url.pathname.split('/')
    if (b !== bucket) return res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>')
    const key = decodeURIComponent(rest.join('/'))
    seen.push(`${req.method} ${key}${url.search}`)
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']) })
      return res.writeHead(200).end()
    }
    if (req.method === 'HEAD') return res.writeHead(objects.has(key) ? 200 : 404).end()
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? ''
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort()
      // Pages of 2 so the client has to follow continuation tokens.
      const start = Number(url.searchParams.get('continuation-token') ?? 0)
      const page = all.slice(start, start + 2)
      const more = start + 2 < all.length
      const xml = `<ListBucketResult>${page.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(xml)
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const md5 = createHash('md5').update(body).digest('base64')
      if (req.headers['content-md5'] !== md5) return res.writeHead(400).end('<Error><Code>InvalidDigest</Code></Error>')
      for (const m of body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)) objects.delete(m[1] ?? '')
      return res.writeHead(200).end('<DeleteResult></DeleteResult>')
    }
    res.writeHead(400).end('<Error><Code>NotImplemented</Code></Error>')
  })
  return { server, objects, seen }
}

describe('S3 storage against a fake S3 server', () => {
  const fake = fakeS3('tulpar-media', 'fake-secret')
  let endpoint = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())))

  const storage = () =>
    createS3Storage({
      endpoint,
      region: 'kz-1',
      bucket: 'tulpar-media',
      accessKeyId: 'test-key',
      secretAccessKey: 'fake-secret',
      pathStyle: true,
    })

  test('puts, finds and deletes a listing folder (following list pages), leaving other folders alone', async () => {
    const s = storage()
    for (const name of ['card.avif', 'card.webp', 'card.jpg', 'full.jpg', 'gallery.jpg']) {
      await s.put(`listings/7/abc/${name}`, Buffer.from(name), 'image/jpeg')
    }
    await s.put('listings/70/def/card.jpg', Buffer.from('other'), 'image/jpeg')
    expect(fake.objects.get('listings/7/abc/card.avif')?.body.toString()).toBe('card.avif')
    expect(await s.exists('listings/7/abc/card.jpg')).toBe(true)
    expect(await s.exists('listings/7/abc/none.jpg')).toBe(false)

    await s.deletePrefix('listings/7/')
    expect([...fake.objects.keys()]).toEqual(['listings/70/def/card.jpg'])
    expect(fake.seen.filter((r) => r.startsWith('GET')).length).toBeGreaterThanOrEqual(3)
  })

  test('a wrong secret is refused by the server and surfaces as an error', async () => {
    const bad = createS3Storage({
      endpoint,
      region: 'kz-1',
      bucket: 'tulpar-media',
      accessKeyId: 'test-key',
      secretAccessKey: 'not-the-secret',
      pathStyle: true,
    })
    await expect(bad.put('listings/1/x/card.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/HTTP 403/)
  })

  test('unsafe keys never reach the network', async () => {
    await expect(storage().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid media key/)
  })
})
