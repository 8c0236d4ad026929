import { describe, expect, test } from 'vitest'
import { carScopeTags, listScopeTag, listTags } from './page-tags.ts'

/*
 * A list is purged by a car's change exactly when the car can be on it (decision 042): the tags a list carries and
 * the tags a car's change names must meet for every scope the car is in, and for no other.
 */
describe('list scopes', () => {
  const car = { brand: 'toyota', model: 'camry', city: 'almaty' }
  const purged = new Set(carScopeTags(car.brand, car.model, car.city))
  const purges = (scope: Parameters<typeof listScopeTag>[0]) => purged.has(listScopeTag(scope))

  test('a car purges the lists it can be on: all cars, its brand, its model, everywhere and in its city', () => {
    for (const brand of [undefined, 'toyota'])
      for (const model of brand ? [undefined, 'camry'] : [undefined])
        for (const city of [undefined, 'almaty']) expect(purges({ brand, model, city })).toBe(true)
    expect(purged.size).toBe(6)
  })

  test('and no list it cannot be on: another city, brand or model', () => {
    expect(purges({ city: 'astana' })).toBe(false)
    expect(purges({ brand: 'kia' })).toBe(false)
    expect(purges({ brand: 'toyota', model: 'corolla' })).toBe(false)
    expect(purges({ brand: 'toyota', city: 'astana' })).toBe(false)
    expect(purges({ brand: 'toyota', model: 'camry', city: 'shymkent' })).toBe(false)
    // A model's slug is unique within its brand only: another brand's model of the same name is another scope.
    expect(purged.has(listScopeTag({ brand: 'lexus', model: 'camry' }))).toBe(false)
  })

  test('a car without a city or model is on no list of a city or model, and purges none', () => {
    expect(carScopeTags('toyota', '', '')).toEqual(['lists', 'brand:toyota'])
    expect(carScopeTags('', '', 'almaty')).toEqual(['lists', 'lists@almaty'])
  })

  test("a list's tags are its scope's and its cars'", () => {
    expect(listTags({ brand: 'kia', city: 'astana' }, [3, 5])).toEqual(['brand:kia@astana', 'listing:3', 'listing:5'])
    expect(listTags({}, [])).toEqual(['lists'])
  })
})
