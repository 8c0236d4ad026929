import { describe, expect, test } from 'vitest'
import { cityChoiceFromCookie, cityIdFromCookie } from './city-storage.ts'

describe('the city cookie', () => {
  test('is read from a request’s Cookie header or the browser’s document.cookie', () => {
    expect(cityChoiceFromCookie('city=3')).toBe(3)
    expect(cityChoiceFromCookie('locale=kk; city=all; tulpar_js=1')).toBe('all')
    expect(cityChoiceFromCookie('locale=kk;city=12')).toBe(12)
    expect(cityIdFromCookie('locale=kk; city=all')).toBeNull()
    expect(cityIdFromCookie('city=7')).toBe(7)
  })

  test('anything else is no choice', () => {
    for (const header of [
      null,
      '',
      'locale=kk',
      'xcity=3',
      'tulpar_city=3',
      'city=',
      'city=0',
      'city=-2',
      'city=1.5',
      'city=abc',
    ])
      expect(cityChoiceFromCookie(header), String(header)).toBeNull()
  })
})
