/**
 * Each spec file is its own client. The server limits sign-ups, sign-ins and codes per client address (20
 * sign-ups an hour, 50 sign-ins per 15 minutes), and every journey runs from 127.0.0.1, so together they
 * would trip limits meant for one person. The e2e server trusts one proxy hop (global-setup), and this file's
 * calls through `fetch` say, as a proxy would, that they come from an address of their own. The limits
 * themselves are tested per client in the integration tests (abuse-limits.int.test.ts).
 */
const octet = () => 1 + Math.floor(Math.random() * 250)
const address = `10.${octet()}.${octet()}.${octet()}`
const original = globalThis.fetch

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', address)
  return original(input, { ...init, headers })
}
