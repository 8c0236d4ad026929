import { createContext, useContext, useEffect, useState } from 'react'
import { type Messages, parseMessages } from './i18n.ts'

/** A language's common messages and the file they come from. */
export interface BaseMessages {
  url: string
  messages: Messages
}

/**
 * Every page's messages in the page's language, kept out of the page's loader data: the server's render reads them
 * from memory (entry.server.tsx) and the browser fetches them as one content-hashed file per language
 * (`/assets/i18n/{locale}.{hash}.json`, routes/messages-file.ts), preloaded from the page's head and cached like
 * the scripts (entry.client.tsx). As loader data they were 60% of a car page's HTML and sent with every page.
 */
export const BaseMessagesContext = createContext<BaseMessages | null>(null)

/** The `<link rel="preload">` that names the file; entry.client.tsx finds it by this attribute. */
export const MESSAGES_LINK_ATTRIBUTE = 'data-messages'

/** The file's messages, parsed. */
export async function fetchBaseMessages(url: string): Promise<BaseMessages> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(url)
  return { url, messages: parseMessages(await response.text()) }
}

/**
 * The messages of the file the root names (`url`). The page was rendered and hydrated with them; when the language
 * changes without a new document (the profile's language, the stored language put back after hydration), the new
 * file is fetched and the page shows the previous language's texts for that moment. The header's switch loads a new
 * document instead (features/layout/language-switch.tsx, decision 029).
 */
export function useBaseMessages(url: string | undefined): Messages | null {
  const initial = useContext(BaseMessagesContext)
  const [fetched, setFetched] = useState<BaseMessages | null>(null)
  const current = initial?.url === url ? initial : fetched?.url === url ? fetched : null
  useEffect(() => {
    // On failure the texts stay in the previous language; the next page load brings the new one.
    if (url && !current) fetchBaseMessages(url).then(setFetched, reportError)
  }, [url, current])
  return (current ?? fetched ?? initial)?.messages ?? null
}
