import { describe, expect, test } from 'vitest'
import { parseProfileForm } from './account-actions.server.ts'

function form(fields: Record<string, string>): FormData {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}
const empty = { full_name: null, phone: null }
const base = { intent: 'profile', full_name: 'Айдос', phone: '', city: '', language: 'ru' }

describe('the profile form without JavaScript (parsed on the server)', () => {
  test('reads every field; unchecked boxes are false, a chosen city a number', () => {
    const { body, errors } = parseProfileForm(
      form({ ...base, phone: '8 (701) 123-45-67', city: '3', language: 'kk', notify_news: 'on' }),
      empty,
    )
    expect(errors).toEqual({})
    expect(body).toEqual({
      full_name: 'Айдос',
      phone: '+77011234567',
      city: 3,
      language: 'kk',
      notify_promotions: false,
      notify_news: true,
      notify_price_changes: false,
    })
  })

  test('"no city" clears it; an unchanged phone is not sent again', () => {
    const { body } = parseProfileForm(form({ ...base, phone: '+7 701 123 45 67' }), {
      full_name: 'Айдос',
      phone: '+77011234567',
    })
    expect(body.city).toBeNull()
    expect('phone' in body).toBe(false)
  })

  test('an invalid phone, an emptied name or phone, a bad city or language are field errors', () => {
    expect(parseProfileForm(form({ ...base, phone: '12345' }), empty).errors).toEqual({ phone: 'validation.phone' })
    expect(
      parseProfileForm(form({ ...base, full_name: '  ', phone: '' }), { full_name: 'Айдос', phone: '+77011234567' })
        .errors,
    ).toEqual({ full_name: 'validation.required', phone: 'validation.phone' })
    expect(parseProfileForm(form({ ...base, city: 'almaty' }), empty).errors).toEqual({
      city: 'error.validation.failed',
    })
    expect(parseProfileForm(form({ ...base, language: 'de' }), empty).errors).toEqual({
      language: 'error.validation.failed',
    })
  })

  test('the API contract still applies (a name over 120 characters)', () => {
    expect(parseProfileForm(form({ ...base, full_name: 'x'.repeat(121) }), empty).errors).toEqual({
      full_name: 'error.validation.failed',
    })
  })

  test('what was sent comes back to show again', () => {
    const { values } = parseProfileForm(form({ ...base, phone: '12345', notify_promotions: 'on' }), empty)
    expect(values).toMatchObject({ phone: '12345', notify_promotions: 'on', notify_news: 'off' })
  })
})
