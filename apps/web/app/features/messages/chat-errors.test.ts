import { describe, expect, test } from 'vitest'
import { MESSAGES, translate } from '../../i18n/index.ts'
import { chatError, chatErrorHeaders } from './chat-errors.ts'

/** An error as the conversations service throws it (RateLimitedError carries its Retry-After). */
const appError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(code), { code, status: 429, ...extra })

describe('a refused chat message says why in the reader’s language', () => {
  test('a burst: wait a few seconds, with Retry-After', () => {
    const refused = chatError(appError('rate_limited', { retryAfterSeconds: 7 }))
    expect(refused).toEqual({ key: 'chat.error.tooFast', status: 429, retryAfterSeconds: 7 })
    expect(chatErrorHeaders(refused ?? { key: 'chat.error.tooFast', status: 429 })).toEqual({ 'retry-after': '7' })
  })

  test('an hourly limit: how many minutes, in ru, kk and en', () => {
    const refused = chatError(appError('rate_limited', { retryAfterSeconds: 1_741 }))
    expect(refused).toMatchObject({ key: 'chat.error.tooMany', params: { count: 30 }, status: 429 })
    const say = (locale: 'ru' | 'kk' | 'en') =>
      translate(MESSAGES[locale], locale, 'chat.error.tooMany', refused?.params)
    expect(say('ru')).toBe('Слишком много сообщений за короткое время. Попробуйте снова через 30 минут.')
    expect(say('kk')).toBe('Қысқа уақыт ішінде хабар тым көп жіберілді. 30 минуттан кейін қайталап көріңіз.')
    expect(say('en')).toBe('Too many messages in a short time. Please try again in 30 minutes.')
  })

  test('a block, an unknown conversation, anything else', () => {
    expect(chatError(appError('conversation.blocked'))).toEqual({ key: 'chat.error.blocked', status: 409 })
    expect(chatError(appError('conversation.not_found'))).toEqual({ key: 'chat.error.notFound', status: 404 })
    expect(chatError(new Error('boom'))).toBeNull()
  })
})
