import { Writable } from 'node:stream'
import type { Locale } from '@tulpar/contracts'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { localeContext, requestInfoContext } from '#app-context'
import { REGISTER_SERVICE_WORKER } from './features/pwa/register-sw.ts'
import { contentSecurityPolicy, NonceContext } from './features/security/nonce.tsx'
import { BaseMessagesContext } from './i18n/base-messages.ts'
import { baseMessages, messagesUrl } from './i18n/messages-file.server.ts'

export const streamTimeout = 5_000

const serverMessages = (locale: Locale) => ({ url: messagesUrl(locale), messages: baseMessages(locale) })

/**
 * React Router's Node entry, plus the page's Content-Security-Policy: the nonce made for this request (server.ts)
 * goes to every inline script React writes, and the policy allows no other inline script.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce: nonce } = loadContext.get(requestInfoContext)
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false
    // The status when the shell was ready: an error in a boundary after it leaves the page's status as it was
    // (the boundary's content is rendered in the browser instead), as when the page was streamed.
    let status = responseStatusCode
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        {/* The language's common messages from memory: the browser fetches the same text (i18n/base-messages.ts). */}
        <BaseMessagesContext.Provider value={serverMessages(loadContext.get(localeContext))}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </BaseMessagesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The installable web app's service worker, registered once the page has loaded (features/pwa).
        bootstrapScriptContent: REGISTER_SERVICE_WORKER,
        // A Suspense boundary that is already complete is written where it stands, however long the page: by
        // default React moves boundaries past 12.8 KB of HTML to the end, hidden until a script shows them, which
        // a browser without JavaScript never runs (the car page's below-the-fold islands, ui/island.tsx).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellRendered = true
          status = responseStatusCode
        },
        // The whole page, then one body. Loaders have finished before React starts (no route defers data), so
        // waiting for all of it costs a visitor nothing, while streaming React's 2 KB chunks through a Node
        // stream, a web stream and back was a fifth of a car page's server time (docs/performance.md).
        onAllReady() {
          const chunks: Buffer[] = []
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk)
                callback()
              },
              final(callback) {
                clearTimeout(timeoutId)
                timeoutId = undefined
                responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
                resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }))
                callback()
              },
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors inside the shell are logged by React Router; these are from the rest of the page.
          if (shellRendered) {
            process.stderr.write(
              `page render failed after the shell: ${error instanceof Error ? error.stack : error}\n`,
            )
          }
        },
      },
    )
  })
}
