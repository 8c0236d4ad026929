import { describe, expect, test } from 'vitest'
import { FALLBACK_KEYS, FALLBACK_MESSAGES } from './fallback-messages.ts'
import { type MessageKey, parseMessages, translate } from './i18n.ts'
import { MESSAGES, MESSAGES_JSON, ROUTE_NAMESPACES, routeMessages } from './index.ts'

const nbspToSpace = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('plural forms', () => {
  test.each([
    [1, '1 просмотр'],
    [2, '2 просмотра'],
    [5, '5 просмотров'],
    [11, '11 просмотров'],
    [21, '21 просмотр'],
    [22, '22 просмотра'],
    [111, '111 просмотров'],
  ])('Russian: %i views reads "%s"', (count, text) => {
    expect(nbspToSpace(translate(MESSAGES.ru, 'ru', 'car.views', { count }))).toBe(text)
  })

  test('Kazakh keeps the noun singular after a numeral', () => {
    expect(translate(MESSAGES.kk, 'kk', 'car.views', { count: 1 })).toBe('1 қаралым')
    expect(translate(MESSAGES.kk, 'kk', 'car.views', { count: 5 })).toBe('5 қаралым')
  })

  test('English: one view, 2 views', () => {
    expect(translate(MESSAGES.en, 'en', 'car.views', { count: 1 })).toBe('1 view')
    expect(translate(MESSAGES.en, 'en', 'car.views', { count: 2 })).toBe('2 views')
  })

  test('a message with a zero form says so for 0 in each language; one without reads the number', () => {
    expect(translate(MESSAGES.ru, 'ru', 'myListings.stats.saved', { count: 0 })).toBe('в избранное пока не добавляли')
    expect(translate(MESSAGES.kk, 'kk', 'myListings.stats.saved', { count: 0 })).toBe(
      'әзірге ешкім таңдаулыға қоспаған',
    )
    expect(translate(MESSAGES.en, 'en', 'myListings.stats.saved', { count: 0 })).toBe('not saved by anyone yet')
    expect(translate(MESSAGES.en, 'en', 'myListings.stats.saved', { count: 1 })).toBe('saved by 1 person')
    expect(translate(MESSAGES.en, 'en', 'car.views', { count: 0 })).toBe('0 views')
  })
})

describe('formatted values in messages', () => {
  test('a date that ends with its own full stop (Russian "г.") ends a sentence with one, in every language', async () => {
    const { formatDate } = await import('./i18n.ts')
    for (const locale of ['ru', 'kk', 'en'] as const) {
      const date = formatDate('2026-11-21T10:00:00Z', locale)
      const note = translate(MESSAGES[locale], locale, 'credit.estimate', { date })
      expect(note, locale).toContain(date)
      expect(note, locale).not.toMatch(/\.\.$/)
      expect(note, locale).toMatch(/\.$/)
    }
    expect(
      nbspToSpace(translate(MESSAGES.ru, 'ru', 'credit.estimate', { date: formatDate('2026-11-21T10:00:00Z', 'ru') })),
    ).toBe('Расчёт предварительный: решение и ставку определяет банк. Аннуитетный платёж, ставки на 21 ноября 2026 г.')
    // Every message with a parameter right before its full stop, filled with a value that ends with one.
    for (const locale of ['ru', 'kk', 'en'] as const) {
      for (const [key, message] of Object.entries(MESSAGES[locale])) {
        for (const form of typeof message === 'string' ? [message] : Object.values(message)) {
          if (typeof form !== 'string') continue
          for (const [, name] of form.matchAll(/\{(\w+)\}\./g)) {
            const text = translate(MESSAGES[locale], locale, key as MessageKey, { count: 2, [name as string]: 'г.' })
            expect(text, `${locale} ${key}`).not.toContain('г..')
          }
        }
      }
    }
  })
})

describe('message files', () => {
  const keys = Object.keys(MESSAGES.ru) as MessageKey[]

  test('every key has a non-empty text in ru, kk and en', () => {
    for (const locale of ['ru', 'kk', 'en'] as const) {
      for (const key of keys) {
        const message = MESSAGES[locale][key]
        const text = typeof message === 'string' ? message : message.other
        expect(text, `${locale}:${key}`).not.toBe('')
      }
    }
  })

  test('Kazakh is written in Kazakh, not copied from Russian', () => {
    const same = keys.filter((k) => JSON.stringify(MESSAGES.kk[k]) === JSON.stringify(MESSAGES.ru[k]))
    // Only brand names, units and loan words may coincide (Tulpar, VIN, Каталог, Модель, ...).
    expect(same.length / keys.length).toBeLessThan(0.12)
    const kazakhLetters = /[әғқңөұүһі]/i
    const withKazakhLetters = keys.filter((k) => kazakhLetters.test(JSON.stringify(MESSAGES.kk[k])))
    expect(withKazakhLetters.length / keys.length).toBeGreaterThan(0.6)
  })
})

describe('the root error fallback', () => {
  test('holds the Russian texts of the error keys, as messages.ru.ts has them', () => {
    for (const key of FALLBACK_KEYS) expect(FALLBACK_MESSAGES[key]).toBe(MESSAGES.ru[key])
  })

  test('a key outside a partial set reads as the key, not a crash', () => {
    expect(translate(FALLBACK_MESSAGES, 'ru', 'error.title')).toBe('Что-то пошло не так')
    expect(translate(FALLBACK_MESSAGES, 'ru', 'nav.home')).toBe('nav.home')
  })
})

describe('messages sent as JSON text', () => {
  test('parse back to the same messages, once per text; with the route-only namespaces, all of them', () => {
    for (const locale of ['ru', 'kk', 'en'] as const) {
      const parsed = parseMessages(MESSAGES_JSON[locale])
      expect(parseMessages(MESSAGES_JSON[locale])).toBe(parsed)
      const all = { ...parsed, ...parseMessages(routeMessages(locale, ...ROUTE_NAMESPACES)) }
      expect(all).toEqual(MESSAGES[locale])
    }
  })
})
