import type { Locale } from '@tulpar/contracts'
import type { Messages } from './i18n.ts'
import { en } from './messages.en.ts'
import { kk } from './messages.kk.ts'
import { ru } from './messages.ru.ts'

export * from './i18n.ts'

/** Server-side: every language's messages. The browser receives only the current language's, via the root loader. */
export const MESSAGES: Record<Locale, Messages> = { ru, kk, en }
