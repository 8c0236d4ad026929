import { describe, expect, test } from 'vitest'
import { BRAND_ALIAS_KEYS, foldName, nameKeys } from './feed-names.ts'

describe('names folded for matching', () => {
  test('case, spaces, dashes and dots do not matter', () => {
    expect(foldName('Mercedes-Benz')).toBe(foldName('mercedes benz'))
    expect(foldName('Land Cruiser Prado')).toBe(foldName('land-cruiser.prado'))
  })

  test('Cyrillic spellings meet Latin names', () => {
    expect(foldName('Камри')).toBe(foldName('Camry'))
    expect(foldName('Королла')).toBe(foldName('Corolla'))
    expect(foldName('Гранта')).toBe(foldName('Granta'))
    expect(foldName('Тойота')).toBe(foldName('Toyota'))
    expect(foldName('Лексус')).toBe(foldName('Lexus'))
  })

  test('Cyrillic letters that stand in for look-alike Latin ones are read as Latin', () => {
    expect(foldName('Х5')).toBe(foldName('X5'))
    expect(foldName('Тоyota')).toBe(foldName('Toyota'))
  })

  test('brand aliases: ВАЗ is Lada, Mercedes is Mercedes-Benz, VW is Volkswagen', () => {
    expect(BRAND_ALIAS_KEYS.get(foldName('ВАЗ'))).toBe(foldName('Lada'))
    expect(BRAND_ALIAS_KEYS.get(foldName('Mercedes'))).toBe(foldName('Mercedes-Benz'))
    expect(BRAND_ALIAS_KEYS.get(foldName('vw'))).toBe(foldName('Volkswagen'))
    expect(BRAND_ALIAS_KEYS.get(foldName('Хюндай'))).toBe(foldName('Hyundai'))
  })

  test('a bracketed part of a reference name is a key of its own, and so is the name without it', () => {
    expect(nameKeys('Niva Legend (4x4)', 'niva-legend')).toEqual(
      expect.arrayContaining([foldName('Niva Legend'), foldName('4x4')]),
    )
  })
})
