import { describe, expect, test } from 'vitest'
import { listingTitle } from './listing-title.ts'

describe('a listing title', () => {
  test('reads brand, model and year', () => {
    expect(listingTitle({ brand: 'Toyota', model: 'Camry', year: 2018 })).toBe('Toyota Camry, 2018')
    expect(listingTitle({ brand: 'Toyota', model: null, year: 2018 })).toBe('Toyota, 2018')
    expect(listingTitle({ brand: 'Toyota', model: 'Camry', year: null })).toBe('Toyota Camry')
  })

  test('a draft without brand or model has none, or reads "untitled" in the language asked for', () => {
    const draft = { brand: null, model: null, year: 2018 }
    expect(listingTitle(draft)).toBeNull()
    expect(listingTitle(draft, 'ru')).toBe('без названия')
    expect(listingTitle(draft, 'kk')).toBe('атауы жоқ')
    expect(listingTitle(draft, 'en')).toBe('untitled')
    expect(listingTitle({ brand: 'Toyota', model: 'Camry', year: 2018 }, 'kk')).toBe('Toyota Camry, 2018')
  })
})
