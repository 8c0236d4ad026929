import { describe, expect, test } from 'vitest'
import { fieldMessages, formValues, photoErrorKey, stepBody } from './form-data.ts'

const form = (entries: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

describe('step form data', () => {
  test('numbers, empty fields as null, unchecked boxes as false, repeated options as a list', () => {
    const values = formValues(
      form([
        ['mileage', '85 000'],
        ['mileageUnit', 'mi'],
        ['isNew', 'on'],
      ]),
    )
    expect(stepBody('state', values)).toEqual({
      step: 'state',
      mileage: 85_000,
      mileageUnit: 'mi',
      isNew: true,
      isCustomsCleared: false,
      isDamaged: false,
      hasWarranty: false,
    })
    expect(
      stepBody(
        'options',
        formValues(
          form([
            ['options', 'abs'],
            ['options', 'esp'],
          ]),
        ),
      ),
    ).toEqual({
      step: 'options',
      options: ['abs', 'esp'],
    })
    expect(stepBody('brand', formValues(form([['brandId', '']])))).toEqual({ step: 'brand', brandId: null })
  })

  test('a word in a number field is not guessed into a number', () => {
    expect(stepBody('price', formValues(form([['priceKzt', '12 млн']]))).priceKzt).toBeNaN()
  })

  test("API field errors become the spec's texts by field", () => {
    expect(
      fieldMessages([
        { field: 'body.contactPhone', code: 'phone' },
        { field: 'body.year', code: 'required' },
        { field: 'body.year', code: 'year_range' },
        { field: 'body.priceKzt', code: 'invalid_type' },
      ]),
    ).toEqual({ contactPhone: 'validation.phone', year: 'validation.required', priceKzt: 'sell.error.not_in_list' })
  })

  test('photo upload codes have their own messages; anything else is "Action failed"', () => {
    expect(photoErrorKey('photo.not_image')).toBe('photo.error.not_image')
    expect(photoErrorKey('http.413')).toBe('photo.error.too_large')
    expect(photoErrorKey('network')).toBe('generic.failed')
  })
})
