import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import {
  type BaseMessages,
  BaseMessagesContext,
  fetchBaseMessages,
  MESSAGES_LINK_ATTRIBUTE,
} from './i18n/base-messages.ts'

/**
 * React Router's default hydration, once the page's common messages are here: the file the head preloads
 * (i18n/base-messages.ts), usually already fetched or in the service worker's cache by now. Hydrating without them
 * would replace every text of the page: if the file cannot be had, the page stays as the server sent it (links and
 * forms still work without JavaScript).
 */
async function loadBaseMessages(): Promise<BaseMessages | null> {
  const link = document.querySelector<HTMLLinkElement>(`link[${MESSAGES_LINK_ATTRIBUTE}]`)
  // No link: the root's loader failed and the error page uses its fallback texts on both sides.
  if (!link) return null
  return fetchBaseMessages(link.getAttribute('href') ?? '')
}

// A request that a newer navigation, a revalidation or a reload cancelled did not fail: React Router can leave its
// AbortError ("signal is aborted without reason") unhandled (remix-run/react-router#14203). Only those are muted;
// every other unhandled rejection is reported as before.
window.addEventListener('unhandledrejection', (event) => {
  if ((event.reason as { name?: unknown } | null)?.name === 'AbortError') event.preventDefault()
})

loadBaseMessages().then(
  (messages) =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <BaseMessagesContext.Provider value={messages}>
            <HydratedRouter />
          </BaseMessagesContext.Provider>
        </StrictMode>,
      )
    }),
  // The page was not made interactive: its texts could not be loaded. Reported like any uncaught error.
  (error: unknown) => reportError(error),
)
