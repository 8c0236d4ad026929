import type { Messages } from './i18n.ts'

/** The keys the root error boundary uses: all a page needs when the root loader, which sends the messages, failed. */
export const FALLBACK_KEYS = ['notFound.title', 'notFound.text', 'notFound.home', 'error.title', 'error.text'] as const
export type FallbackMessages = Pick<Messages, (typeof FALLBACK_KEYS)[number]>

/**
 * Russian (the default language) for those keys only, so the root module does not ship every message to the
 * browser: the messages of the current language arrive as a file (base-messages.ts). `i18n.test.ts` keeps these
 * equal to messages.ru.ts.
 */
export const FALLBACK_MESSAGES: FallbackMessages = {
  'notFound.title': 'Страница не найдена',
  'notFound.text': 'Такой страницы нет или она была удалена.',
  'notFound.home': 'На главную',
  'error.title': 'Что-то пошло не так',
  'error.text': 'Извините, что-то пошло не так, попробуйте позже.',
}
