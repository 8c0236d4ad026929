import { describe, expect, test } from 'vitest'
import { carScopeTags } from '../lib/page-tags.ts'
import { tagsOfPageChange } from './page-changes.ts'

/*
 * What each notification of the database's triggers purges (decision 042's payload; the triggers themselves are
 * tested on both databases in page-changes.int.test.ts).
 */
describe("the database's notifications", () => {
  test("a listing's change names the car and the lists of its scopes", () => {
    expect(tagsOfPageChange('l:12:toyota:camry:almaty').sort()).toEqual(
      ['listing:12', ...carScopeTags('toyota', 'camry', 'almaty')].sort(),
    )
  })

  test("a car that came on the market (':a') names its model's newcomers too; without a model, no newcomers' tag", () => {
    expect(tagsOfPageChange('l:12:toyota:camry:almaty:a').sort()).toEqual(
      ['listing:12', ...carScopeTags('toyota', 'camry', 'almaty'), 'arrivals:toyota/camry'].sort(),
    )
    expect(tagsOfPageChange('l:12:toyota::almaty:a')).not.toContainEqual(expect.stringMatching(/^arrivals:/))
    expect(tagsOfPageChange('l:12:toyota:camry:almaty:x')).not.toContainEqual(expect.stringMatching(/^arrivals:/))
  })

  test("a previous release's notification (the brand alone) purges all cars' and the brand's lists", () => {
    expect(tagsOfPageChange('l:12:toyota')).toEqual(['listing:12', 'lists', 'brand:toyota'])
  })

  test('a malformed slug names no scope; a malformed id nothing', () => {
    expect(tagsOfPageChange('l:12:Toyota:camry:almaty')).toEqual(['listing:12', 'lists', 'lists@almaty'])
    expect(tagsOfPageChange('l:x:toyota:camry:almaty')).toEqual([])
  })

  test('a new price names the cars alone; partners and company their pages; everything, everything', () => {
    expect(tagsOfPageChange('v:3,4')).toEqual(['listing:3', 'listing:4'])
    expect(tagsOfPageChange('p')).toEqual(['partners'])
    expect(tagsOfPageChange('c')).toEqual(['company'])
    expect(tagsOfPageChange('*')).toEqual(['*'])
  })
})
