import { createHash, createHmac } from 'node:crypto'
import { assertValidMediaKey, type MediaStorage } from './media.storage.ts'

/*
 * Media storage in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Yandex Object Storage, ...),
 * spoken to with AWS Signature Version 4 over fetch: four calls (PUT, HEAD, ListObjectsV2, DeleteObjects) do
 * not justify the AWS SDK's weight.
 */

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Path-style URLs (`endpoint/bucket/key`, MinIO and most compatibles); false: `bucket.endpoint/key`. */
  pathStyle: boolean
}

export interface SigningInput {
  method: string
  url: URL
  /** Lower-case names; every one is signed. `host` is added from the URL. */
  headers: Record<string, string>
  payloadSha256: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  service: string
  now: Date
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte)
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** The headers to send (with `authorization`, `x-amz-date`, `x-amz-content-sha256` and `host`). */
export function signRequest(input: SigningInput): Record<string, string> {
  const date = amzDate(input.now)
  const day = date.slice(0, 8)
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': input.payloadSha256,
  }
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort()
  const canonicalHeaders = names.map((n) => `${n}:${String(headers[n]).trim().replace(/\s+/g, ' ')}\n`).join('')
  const signedHeaders = names.join(';')
  // The path arrives already encoded in the URL; decode then encode once so it matches what is sent.
  const path = uriEncode(decodeURIComponent(input.url.pathname), true)
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const canonicalRequest = [input.method, path, query, canonicalHeaders, signedHeaders, input.payloadSha256].join('\n')
  const scope = `${day}/${input.region}/${input.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n')
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day)
  const kSigning = hmac(hmac(hmac(kDate, input.region), input.service), 'aws4_request')
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex')
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}

export class S3Error extends Error {
  readonly status: number
  constructor(operation: string, status: number, body: string) {
    super(`S3 ${operation} failed with HTTP ${status}: ${body.slice(0, 300)}`)
    this.name = 'S3Error'
    this.status = status
  }
}

const xmlEscape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
const xmlUnescape = (s: string) =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')

/** S3-compatible storage; `fetchImpl` and `clock` are injectable for tests. */
export function createS3Storage(
  settings: S3Settings,
  { fetchImpl = fetch, clock = () => new Date() }: { fetchImpl?: typeof fetch; clock?: () => Date } = {},
): MediaStorage {
  const endpoint = new URL(settings.endpoint)

  function objectUrl(key: string, query: Record<string, string> = {}): URL {
    const encodedKey = key ? `/${uriEncode(key, true)}` : '/'
    const url = settings.pathStyle
      ? new URL(`${endpoint.origin}/${settings.bucket}${key ? encodedKey : '/'}`)
      : new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}${encodedKey}`)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    return url
  }

  async function call(
    method: string,
    url: URL,
    { body, headers = {} }: { body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const signed = signRequest({
      method,
      url,
      headers,
      payloadSha256: body ? sha256Hex(body) : EMPTY_SHA256,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      now: clock(),
    })
    // fetch sets Host itself from the URL (and refuses to be told it).
    const { host: _host, ...sent } = signed
    return fetchImpl(url, { method, headers: sent, body: body ? new Uint8Array(body) : undefined })
  }

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = []
    let token: string | null = null
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix }
      if (token) query['continuation-token'] = token
      const res = await call('GET', objectUrl('', query))
      const text = await res.text()
      if (!res.ok) throw new S3Error('ListObjectsV2', res.status, text)
      for (const m of text.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(xmlUnescape(m[1] ?? ''))
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(text)
      token = truncated
        ? xmlUnescape(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(text)?.[1] ?? '')
        : null
    } while (token)
    return keys
  }

  return {
    async put(key, data, contentType) {
      assertValidMediaKey(key)
      const res = await call('PUT', objectUrl(key), {
        body: data,
        headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
      })
      if (!res.ok) throw new S3Error('PutObject', res.status, await res.text())
      await res.arrayBuffer()
    },

    async exists(key) {
      assertValidMediaKey(key)
      const res = await call('HEAD', objectUrl(key))
      await res.arrayBuffer()
      if (res.status === 404) return false
      if (!res.ok) throw new S3Error('HeadObject', res.status, '')
      return true
    },

    async deletePrefix(prefix) {
      assertValidMediaKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
      const keys = await listKeys(prefix)
      // DeleteObjects takes at most 1000 keys and requires Content-MD5.
      for (let i = 0; i < keys.length; i += 1000) {
        const objects = keys
          .slice(i, i + 1000)
          .map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`)
          .join('')
        const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${objects}</Delete>`)
        const res = await call('POST', objectUrl('', { delete: '' }), {
          body,
          headers: {
            'content-type': 'application/xml',
            'content-md5': createHash('md5').update(body).digest('base64'),
          },
        })
        const text = await res.text()
        if (!res.ok || text.includes('<Error>')) throw new S3Error('DeleteObjects', res.status, text)
      }
    },
  }
}
