import type { Locale } from '@tulpar/contracts'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { localeContext, requestInfoContext } from '#app-context'
import { BaseMessagesContext } from './i18n/base-messages.ts'
import { baseMessages, messagesUrl } from './i18n/messages-file.server.ts'
import { contentSecurityPolicy, NonceContext } from './lib/security/nonce.tsx'
import { withKeptMatches } from './lib/ssr/kept-matches.server.ts'
import { readLoaderData, renderAtOnce, renderStreamed, withLoaderData } from './lib/ssr/render-page.server.ts'

export const streamTimeout = 5_000

const serverMessages = (locale: Locale) => ({ url: messagesUrl(locale), messages: baseMessages(locale) })

/**
 * React Router's Node entry, plus the page's Content-Security-Policy: the nonce made for this request (server.ts)
 * goes to every inline script React writes, and the policy allows no other inline script.
 *
 * A page is rendered to one string by React's synchronous renderer when nothing on it suspends (every page once its
 * lazy sections have loaded): the loader data is read first and handed to React Router's data script, so nothing
 * waits during the render. That renderer builds a string where the streaming one encodes each of a page's
 * thousands of small pieces into bytes on its own (decision 025). A page on which something suspends or fails,
 * and a render that throws, are rendered again by the streaming renderer, which waits for what suspended and
 * answers 500 for what failed, as before; both write the same HTML. The route matches React Router makes for the
 * page's share of its route manifest are the same for every render of a path: kept (lib/ssr/kept-matches.server.ts).
 */
export default async function handleRequest(
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
  const loaderData = await readLoaderData(routerContext)
  const page = () => (
    <NonceContext.Provider value={nonce}>
      {/* The language's common messages from memory: the browser fetches the same text (i18n/base-messages.ts). */}
      <BaseMessagesContext.Provider value={serverMessages(loadContext.get(localeContext))}>
        <ServerRouter
          context={withLoaderData(withKeptMatches(routerContext), loaderData)}
          url={request.url}
          nonce={nonce}
        />
      </BaseMessagesContext.Provider>
    </NonceContext.Provider>
  )
  const whole = renderAtOnce(page(), nonce)
  if (whole !== null) {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    return new Response(whole, { headers: responseHeaders, status: responseStatusCode })
  }
  return renderStreamed(page(), nonce, responseStatusCode, responseHeaders, streamTimeout)
}
