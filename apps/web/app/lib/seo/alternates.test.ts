import { describe, expect, test } from 'vitest'
import { alternateLinks, canonicalFromMatches, localizedUrl } from './alternates.ts'

describe('language alternates', () => {
  test('Russian is the plain URL; Kazakh and English add ?lang=, keeping the other parameters', () => {
    expect(localizedUrl('https://tulpar.kz/cars?brand=toyota', 'ru')).toBe('https://tulpar.kz/cars?brand=toyota')
    expect(localizedUrl('https://tulpar.kz/cars?brand=toyota', 'kk')).toBe(
      'https://tulpar.kz/cars?brand=toyota&lang=kk',
    )
    expect(localizedUrl('https://tulpar.kz/?lang=en', 'ru')).toBe('https://tulpar.kz/')
    expect(localizedUrl('https://tulpar.kz/?lang=kk', 'en')).toBe('https://tulpar.kz/?lang=en')
  })

  test('every page lists ru, kk, en and x-default (the Russian URL), whatever language it is shown in', () => {
    const expected = [
      { hrefLang: 'ru', href: 'https://tulpar.kz/cars/7' },
      { hrefLang: 'kk', href: 'https://tulpar.kz/cars/7?lang=kk' },
      { hrefLang: 'en', href: 'https://tulpar.kz/cars/7?lang=en' },
      { hrefLang: 'x-default', href: 'https://tulpar.kz/cars/7' },
    ]
    expect(alternateLinks('https://tulpar.kz/cars/7')).toEqual(expected)
    expect(alternateLinks('https://tulpar.kz/cars/7?lang=kk')).toEqual(expected)
  })

  test('takes the canonical URL of the deepest route that returns one', () => {
    expect(
      canonicalFromMatches([
        { loaderData: { canonical: 'https://tulpar.kz/' } },
        { loaderData: { canonical: 'https://tulpar.kz/cars/1' } },
        { loaderData: undefined },
        { loaderData: { title: 'x' } },
      ]),
    ).toBe('https://tulpar.kz/cars/1')
    expect(canonicalFromMatches([{ loaderData: { canonical: 42 } }, { loaderData: null }])).toBeNull()
  })
})
