import { describe, expect, test } from 'vitest'
import { addCarBody, editCarBody, issuesToMessages, volumeCc } from './garage-form.ts'

describe('engine volume as people type it', () => {
  test('litres with a point or a comma, or cm³', () => {
    expect(volumeCc('2.5')).toBe(2500)
    expect(volumeCc('1,6')).toBe(1600)
    expect(volumeCc(' 3 ')).toBe(3000)
    expect(volumeCc('1598')).toBe(1598)
  })

  test('empty is "not said"; anything else is refused rather than guessed', () => {
    expect(volumeCc('')).toBeNull()
    expect(volumeCc(undefined)).toBeNull()
    for (const bad of ['two', '25', '-1.6', '1.6 л', '0', '1598.5']) expect(volumeCc(bad), bad).toBeNaN()
  })
})

describe('the add form', () => {
  const filled = { brandId: '3', modelId: '41', year: '2018', mileageKm: '95 000', isCustomsCleared: 'on' }

  test('becomes the API body: mileage without spaces, empty optional fields as null, unticked customs false', () => {
    expect(addCarBody({ ...filled, vin: '', engineType: '', engineVolume: '', steering: '' })).toEqual({
      body: {
        brandId: 3,
        modelId: 41,
        year: 2018,
        mileageKm: 95_000,
        vin: null,
        steering: null,
        isCustomsCleared: true,
        engineType: null,
        engineVolumeCc: null,
      },
      errors: null,
    })
    const { body } = addCarBody({
      ...filled,
      isCustomsCleared: undefined as unknown as string,
      engineType: 'petrol',
      engineVolume: '2,5',
      steering: 'right',
      vin: 'JTNB11HK103012345',
    })
    expect(body).toMatchObject({
      isCustomsCleared: false,
      engineType: 'petrol',
      engineVolumeCc: 2500,
      steering: 'right',
      vin: 'JTNB11HK103012345',
    })
  })

  test('an electric car has no volume, whatever was typed', () => {
    expect(addCarBody({ ...filled, engineType: 'electric', engineVolume: '2.0' }).body?.engineVolumeCc).toBeNull()
  })

  test('missing brand, model, year or mileage say "This field is required"; bad values say what is wrong', () => {
    expect(addCarBody({}).errors).toEqual({
      brandId: 'validation.required',
      modelId: 'validation.required',
      year: 'validation.required',
      mileageKm: 'validation.required',
    })
    expect(addCarBody({ ...filled, mileageKm: '95 тыс', engineVolume: 'два' }).errors).toEqual({
      mileageKm: 'garage.error.number',
      engineVolumeCc: 'garage.error.volume',
    })
    expect(addCarBody({ ...filled, mileageKm: '9000000' }).errors).toEqual({ mileageKm: 'sell.error.too_large' })
    expect(addCarBody({ ...filled, steering: 'middle' }).errors).toEqual({ steering: 'sell.error.not_in_list' })
    expect(addCarBody({ ...filled, vin: 'BAD' }).errors).toEqual({ vin: 'sell.error.vin' })
    expect(addCarBody({ ...filled, vin: 'nze121-3123456' }).body?.vin).toBe('nze121-3123456')
  })
})

describe('the edit form', () => {
  test('sends every detail, so clearing the VIN or the engine clears it', () => {
    expect(editCarBody({ mileageKm: '120000', vin: '', engineType: '', engineVolume: '' })).toEqual({
      body: {
        mileageKm: 120_000,
        vin: null,
        steering: null,
        isCustomsCleared: false,
        engineType: null,
        engineVolumeCc: null,
      },
      errors: null,
    })
  })

  test('needs the mileage', () => {
    expect(editCarBody({ vin: 'JTNB11HK103012345' }).errors).toEqual({ mileageKm: 'validation.required' })
  })
})

describe('API field errors', () => {
  test('read as the listing form reads them', () => {
    expect(
      issuesToMessages([
        { path: ['body.vin'], code: 'vin' },
        { path: ['body.year'], code: 'year_range' },
      ]),
    ).toEqual({ vin: 'sell.error.vin', year: 'sell.error.year_range' })
  })
})
