import { isbot } from 'isbot'

const COOKIE = 'tulpar_vid'
const ONE_YEAR = 60 * 60 * 24 * 365
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/

/** The anonymous visitor id from the cookie, if a well-formed one is there. */
export function readVisitorId(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === COOKIE) {
      const value = rest.join('=')
      return VISITOR_ID.test(value) ? value : undefined
    }
  }
  return undefined
}

/** Keeps the visitor id for a year: the same browser is the same visitor for view counting. */
export function visitorCookie(visitorId: string, secure: boolean): string {
  return `${COOKIE}=${visitorId}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * Whether this request is a person looking at the page: not a crawler, script or link preview (isbot), and not a
 * speculative prefetch the browser may never show.
 */
export function isCountableView(request: Request): boolean {
  const userAgent = request.headers.get('user-agent') ?? ''
  // Every browser sends a User-Agent; scripts that send none are not people.
  if (userAgent.trim() === '' || isbot(userAgent)) return false
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  return !/prefetch|prerender/i.test(purpose)
}
