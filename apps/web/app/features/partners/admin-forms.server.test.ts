import { describe, expect, test } from 'vitest'
import { parseCategoryForm } from './admin-forms.server.ts'

const category = {
  code: 'car_rental',
  'names.ru': 'Прокат авто',
  'names.kk': 'Көлік жалға беру',
  'names.en': 'Car rental',
  sort: '8',
  isActive: true,
}

describe("the back office's category form", () => {
  test('a filled form is the API body, an empty order meaning 0', () => {
    expect(parseCategoryForm(category)).toEqual({
      ok: true,
      body: {
        code: 'car_rental',
        names: { ru: 'Прокат авто', kk: 'Көлік жалға беру', en: 'Car rental' },
        sort: 8,
        isActive: true,
      },
    })
    expect(parseCategoryForm({ ...category, sort: ' ' })).toMatchObject({ ok: true, body: { sort: 0 } })
  })

  test.each(['x', '1.5', '-1', '1000'])('an order of %s says what it takes', (sort) => {
    expect(parseCategoryForm({ ...category, sort })).toEqual({
      ok: false,
      errors: { sort: 'admin.categories.sortHint' },
    })
  })

  test('each missing name and a bad code are named by their field', () => {
    expect(parseCategoryForm({ ...category, code: 'Car Rental', 'names.kk': ' ' })).toEqual({
      ok: false,
      errors: { code: 'admin.categories.codeHint', 'names.kk': 'validation.required' },
    })
  })
})
