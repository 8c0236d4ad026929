import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { Transform, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isPublicAddress, publicAddressLookup } from './public-address.ts'

/**
 * Why a fetch of a URL someone else gave us failed: `address` (it or a redirect points inside our network),
 * `redirects` (too many), `timeout`, `status` (an HTTP error answer), `too_large`, `url` (not http(s), or with
 * credentials), `failed` (no connection, DNS, a broken answer).
 */
export type PublicFetchFailure = 'address' | 'redirects' | 'timeout' | 'status' | 'too_large' | 'url' | 'failed'

export class PublicFetchError extends Error {
  readonly failure: PublicFetchFailure
  /** The HTTP status of a `status` failure. */
  readonly status: number | undefined
  constructor(failure: PublicFetchFailure, message: string, status?: number) {
    super(message)
    this.name = 'PublicFetchError'
    this.failure = failure
    this.status = status
  }
}

export interface PublicFetchLimits {
  /** Everything (connections, redirects, the whole body) within this. */
  timeoutMs: number
  /** Counted while the body streams; reading stops past it. */
  maxBytes: number
  maxRedirects: number
  /**
   * Hosts an operator allows even on a non-public address (lower case, as the URL's host name; an IPv6 literal
   * without brackets). Tests list 127.0.0.1 for their local server.
   */
  allowedHosts: ReadonlySet<string>
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** The URL's host as the allow-list and `isIP` take it (an IPv6 literal without its brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
}

function checkUrl(raw: string, base?: URL): URL {
  if (!URL.canParse(raw, base)) throw new PublicFetchError('url', 'not a URL')
  const url = new URL(raw, base)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PublicFetchError('url', `${url.protocol} is not http or https`)
  if (url.username !== '' || url.password !== '') throw new PublicFetchError('url', 'credentials in the URL')
  return url
}

/** One GET; the answer's head once it arrives. A host not allowed connects only to an address checked public. */
function get(url: URL, limits: PublicFetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  const host = hostOf(url)
  const allowed = limits.allowedHosts.has(host)
  // Node connects to an IP literal without a lookup, so the literal itself is checked here.
  if (!allowed && isIP(host) !== 0 && !isPublicAddress(host))
    throw new PublicFetchError('address', `${host} is not a public address`)
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      signal,
      // A connection of its own, never one kept alive in the global pool: that one was opened (and its address
      // checked, or not) for another request, perhaps under another host's allowance.
      agent: false,
      // The same check push delivery makes: every address the name resolves to must be public, and the connection
      // goes to the address checked (a name cannot resolve to another one between the check and the connect).
      ...(allowed ? {} : { lookup: publicAddressLookup }),
      headers: { 'user-agent': 'TulparAuto/1.0 (+https://tulpar.kz)', accept: '*/*' },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end()
  })
}

function failureOf(error: unknown, signal: AbortSignal): PublicFetchError {
  if (error instanceof PublicFetchError) return error
  if (signal.aborted) return new PublicFetchError('timeout', 'no complete answer in time')
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
  if (code === 'ENONPUBLIC') return new PublicFetchError('address', error instanceof Error ? error.message : 'private')
  return new PublicFetchError('failed', error instanceof Error ? error.message : String(error))
}

/**
 * Fetches a URL a user gave us into `sink`, never from a loopback, private, link-local or otherwise non-public
 * address (each redirect is checked again) unless `allowedHosts` lists the host, within the limits. Throws
 * PublicFetchError; returns the bytes written and the final URL.
 */
export async function fetchPublic(
  raw: string,
  sink: Writable,
  limits: PublicFetchLimits,
): Promise<{ bytes: number; url: string; contentType: string | null }> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  let url = checkUrl(raw)
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await get(url, limits, signal)
      const status = res.statusCode ?? 0
      if (REDIRECTS.has(status) && res.headers.location !== undefined) {
        res.resume()
        if (redirects >= limits.maxRedirects)
          throw new PublicFetchError('redirects', `more than ${limits.maxRedirects} redirects`)
        url = checkUrl(res.headers.location, url)
        continue
      }
      if (status < 200 || status > 299) {
        res.resume()
        throw new PublicFetchError('status', `the server answered ${status}`, status)
      }
      const declared = Number(res.headers['content-length'])
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        res.destroy()
        throw new PublicFetchError('too_large', `${declared} bytes declared`)
      }
      let bytes = 0
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength
          if (bytes > limits.maxBytes) done(new PublicFetchError('too_large', `over ${limits.maxBytes} bytes`))
          else done(null, chunk)
        },
      })
      await pipeline(res, counter, sink, { signal })
      return { bytes, url: url.href, contentType: res.headers['content-type'] ?? null }
    }
  } catch (error) {
    throw failureOf(error, signal)
  }
}
