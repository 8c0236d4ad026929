import { describe, expect, test } from 'vitest'
import { isCountableView, readVisitorId, visitorCookie } from './visitor.server.ts'

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

describe('who counts as a viewer of a car page', () => {
  test('a person in a browser counts; crawlers and link previews do not', () => {
    expect(isCountableView(new Request('http://x/cars/1', { headers: { 'user-agent': CHROME } }))).toBe(true)
    for (const bot of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'curl/8.5.0',
      '',
    ]) {
      expect(isCountableView(new Request('http://x/cars/1', { headers: { 'user-agent': bot } })), bot).toBe(false)
    }
  })

  test('a speculative prefetch is not a view', () => {
    const headers = { 'user-agent': CHROME, 'sec-purpose': 'prefetch' }
    expect(isCountableView(new Request('http://x/cars/1', { headers }))).toBe(false)
    expect(
      isCountableView(new Request('http://x/cars/1', { headers: { 'user-agent': CHROME, purpose: 'prefetch' } })),
    ).toBe(false)
  })

  test('the visitor cookie round-trips and malformed values are ignored', () => {
    const set = visitorCookie('AbCdEfGhIjKlMnOpQrStUv', true)
    expect(set).toMatch(
      /^tulpar_vid=AbCdEfGhIjKlMnOpQrStUv; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/,
    )
    expect(readVisitorId('a=1; tulpar_vid=AbCdEfGhIjKlMnOpQrStUv; b=2')).toBe('AbCdEfGhIjKlMnOpQrStUv')
    expect(readVisitorId('tulpar_vid=short')).toBeUndefined()
    expect(readVisitorId('tulpar_vid=<script>alert(1)</script>xxxxxxxx')).toBeUndefined()
    expect(readVisitorId(null)).toBeUndefined()
  })
})
