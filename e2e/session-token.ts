/*
 * The session cookie in an answer of the API's sign-in or sign-up, for the journeys and the global set-up (which
 * cannot load browser.ts: that one registers the file's hooks with vitest).
 */

/** The value of the `tulpar.session_token` cookie the answer sets, if it sets one. */
export function sessionTokenOf(res: Response): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tulpar.session_token='))
  return cookie?.split(';')[0]?.split('=').slice(1).join('=') || undefined
}
