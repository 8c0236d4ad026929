import { createHash } from 'node:crypto'
import type { Locale } from '@tulpar/contracts'
import { LOCALES } from '@tulpar/contracts/constants'
import { compress, type Encoding } from '../lib/compression/compression.server.ts'
import { type Messages, parseMessages } from './i18n.ts'
import { MESSAGES_JSON } from './index.ts'

/** `ru.3f2a9c1b0d4e.json`: named after its content, so it is cached for good and a new build names a new file. */
export const MESSAGES_FILE = Object.fromEntries(
  LOCALES.map((l) => [l, `${l}.${createHash('sha256').update(MESSAGES_JSON[l]).digest('hex').slice(0, 12)}.json`]),
) as Record<Locale, string>

const BY_FILE = new Map(LOCALES.map((l) => [MESSAGES_FILE[l], l]))

/** Where the browser fetches a language's common messages (routes/messages-file.ts answers it). */
export function messagesUrl(locale: Locale): string {
  return `/assets/i18n/${MESSAGES_FILE[locale]}`
}

/** The language a file name stands for; null for any other name (an older build's file among them). */
export function localeOfMessagesFile(file: string): Locale | null {
  return BY_FILE.get(file) ?? null
}

/** The server render's copy: the same text the file holds, parsed once per process. */
export function baseMessages(locale: Locale): Messages {
  return parseMessages(MESSAGES_JSON[locale])
}

const compressed = new Map<string, Promise<Buffer>>()

/**
 * A language's file in an encoding, compressed once per process at the strongest settings (off the main thread)
 * and kept: like the build's scripts (precompress.ts), not again for every new visitor.
 */
export function messagesBody(locale: Locale, encoding: Encoding): Promise<Buffer> {
  const key = `${locale}|${encoding}`
  let body = compressed.get(key)
  if (!body) {
    body = compress(Buffer.from(MESSAGES_JSON[locale]), encoding, 'strongest')
    compressed.set(key, body)
  }
  return body
}
