import { MAX_LISTING_PHOTOS, MAX_PRICE_KZT } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import type { RawCar } from './feed-fields.ts'
import { checkCar, createDuplicateCheck } from './feed-rows.ts'

const NOW = new Date('2026-11-25T12:00:00Z')
const VALUES = {
  external_id: 'A-1',
  make: 'Toyota',
  model: 'Camry',
  year: '2019',
  mileage_km: '64 000',
  price_kzt: '15 900 000',
  color: 'белый',
}
function car(values: Partial<RawCar['values']> = {}, extra: Partial<RawCar> = {}): RawCar {
  return { row: 1, line: 2, values: { ...VALUES, ...values }, options: [], photos: [], ...extra }
}
const codes = (raw: RawCar) => checkCar(raw, NOW).problems.map((p) => `${p.field}:${p.code}`)

describe('the rules one feed car is held to', () => {
  test('a complete car passes, its numbers and words turned into our values', () => {
    const checked = checkCar(
      car({
        transmission: 'Автомат',
        drive: 'полный',
        fuel: 'Бензин',
        body: 'Седан',
        steering: 'правый',
        engine_volume: '2,5',
        is_new: 'нет',
        bargain: 'да',
      }),
      NOW,
    )
    expect(checked.problems).toEqual([])
    expect(checked).toMatchObject({
      externalId: 'A-1',
      year: 2019,
      mileageKm: 64_000,
      priceKzt: 15_900_000,
      transmission: 'AT',
      drive: '4WD',
      engineType: 'petrol',
      bodyType: 'sedan',
      steering: 'right',
      engineVolumeCc: 2500,
      isNew: false,
      isBargainAllowed: true,
      isCustomsCleared: true,
    })
  })

  test('required fields left empty are named one by one', () => {
    expect(codes(car({ external_id: '', make: ' ', price_kzt: '' }))).toEqual([
      'external_id:required',
      'make:required',
      'price_kzt:required',
    ])
  })

  test('a price of 0 and one of 10^15 are refused with the listing form’s bounds; the top bound itself passes', () => {
    expect(codes(car({ price_kzt: '0' }))).toEqual(['price_kzt:price_range'])
    expect(codes(car({ price_kzt: '1000000000000000' }))).toEqual(['price_kzt:price_range'])
    expect(codes(car({ price_kzt: String(MAX_PRICE_KZT) }))).toEqual([])
    expect(codes(car({ price_kzt: 'договорная' }))).toEqual(['price_kzt:number'])
  })

  test('a year before 1950 or after next year, and mileage past the bounds, are refused', () => {
    expect(codes(car({ year: '1949' }))).toEqual(['year:year_range'])
    expect(codes(car({ year: '2028' }))).toEqual(['year:year_range'])
    expect(codes(car({ year: '2027' }))).toEqual([])
    expect(codes(car({ mileage_km: '2000001' }))).toEqual(['mileage_km:mileage_range'])
    expect(codes(car({ mileage_km: '5000', is_new: 'yes' }))).toEqual(['mileage_km:new_mileage'])
  })

  test('a bad VIN is refused with the project’s VIN rule; a body number is accepted', () => {
    expect(codes(car({ vin: 'JTNB11HK50301234O' }))).toEqual(['vin:vin'])
    expect(codes(car({ vin: '123' }))).toEqual(['vin:vin'])
    expect(checkCar(car({ vin: 'jtnb11hk5 03012345' }), NOW).vin).toBe('JTNB11HK503012345')
    expect(checkCar(car({ vin: 'NZE121-3123456' }), NOW).problems).toEqual([])
  })

  test('photo URLs must be http(s) to a public host, at most the listing form’s limit', () => {
    const photos = (list: string[]) => codes(car({}, { photos: list }))
    expect(photos(['https://cdn.dealer.kz/1.jpg', 'http://8.8.8.8/2.jpg'])).toEqual([])
    for (const bad of [
      'ftp://dealer.kz/1.jpg',
      'file:///etc/passwd',
      'http://127.0.0.1/a.jpg',
      'http://[::1]/a.jpg',
      'http://169.254.169.254/latest',
      'http://localhost/a.jpg',
      'http://user:pw@dealer.kz/a.jpg',
      'not a url',
    ])
      expect(photos([bad])).toEqual(['photo_urls:photo_url'])
    const many = Array.from({ length: MAX_LISTING_PHOTOS + 1 }, (_, i) => `https://cdn.dealer.kz/${i}.jpg`)
    expect(photos(many)).toEqual(['photo_urls:too_many_photos'])
  })

  test('words outside the documented vocabularies, and another currency, are refused', () => {
    expect(codes(car({ transmission: 'telepathic', is_new: 'maybe' })).sort()).toEqual([
      'is_new:not_in_list',
      'transmission:not_in_list',
    ])
    expect(codes(car({ currency: 'USD' }))).toEqual(['currency:currency'])
    expect(codes(car({ currency: '₸' }))).toEqual([])
  })

  test('a CSV line with the wrong number of cells is refused as such', () => {
    expect(codes(car({}, { broken: 'columns' }))).toEqual(['row:columns'])
  })

  test('within one feed every repeat of an external id answers the row that had it first', () => {
    const seen = createDuplicateCheck()
    expect(seen('A-1', 1)).toBeNull()
    expect(seen('A-2', 2)).toBeNull()
    expect(seen('A-1', 3)).toBe(1)
    expect(seen('A-1', 4)).toBe(1)
  })
})
