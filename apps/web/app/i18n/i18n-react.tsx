import type { Locale } from '@tulpar/contracts'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { FallbackMessages } from './fallback-messages.ts'
import {
  formatDate,
  formatDistance,
  formatLitres,
  formatNumber,
  formatPrice,
  type MessageKey,
  type Messages,
  type Params,
  translate,
} from './i18n.ts'

interface I18n {
  locale: Locale
  t: (key: MessageKey, params?: Params) => string
  price: (kzt: number) => string
  distance: (value: number, unit: 'km' | 'mi') => string
  litres: (value: number) => string
  number: (value: number) => string
  date: (iso: string) => string
}

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale
  /** Every message of the language; only the root error boundary's few keys when the root loader failed. */
  messages: Messages | FallbackMessages
  children: ReactNode
}) {
  const value = useMemo<I18n>(
    () => ({
      locale,
      t: (key, params) => translate(messages, locale, key, params),
      price: (kzt) => formatPrice(kzt, locale),
      distance: (v, unit) => formatDistance(v, unit, locale),
      litres: (v) => formatLitres(v, locale),
      number: (v) => formatNumber(v, locale),
      date: (iso) => formatDate(iso, locale),
    }),
    [locale, messages],
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n outside I18nProvider')
  return value
}
