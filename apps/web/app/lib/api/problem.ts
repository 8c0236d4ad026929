/**
 * The code of an error answer's body, for the browser: problem+json's `code` (better-auth's `{ code, message }`
 * too), else an `error` string, else `http.<status>`. The browser's one reader of the API's problem body; the
 * server's routes read a service's thrown failure with lib/service-errors instead.
 */
export function problemCode(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    if ('code' in body && typeof body.code === 'string') return body.code
    if ('error' in body && typeof body.error === 'string') return body.error
  }
  return `http.${status}`
}
