import { describe, expect, test } from 'vitest'
import { HIDDEN_EMAIL, HIDDEN_PHONE, maskContacts, maskSendersMessages, SPLIT_NUMBER_WINDOW_MS } from './mask.ts'

const P = HIDDEN_PHONE
const E = HIDDEN_EMAIL

describe('every spelling of a phone number or an e-mail is masked', () => {
  // The outside test's 17 spellings (issue 35; the 11 that passed the old pattern are marked) and more.
  test.each([
    ['plain', 'Звоните +7 701 555 12 34', `Звоните ${P}`],
    ['no separators', 'мой номер 87015551234!', `мой номер ${P}!`],
    ['brackets and dashes', '8 (701) 555-12-34 после шести', `${P} после шести`],
    ['dots', '8.701.555.12.34', P],
    ['dashes', '+7-701-555-12-34', P],
    ['without the trunk prefix', 'номер 701 555 12 34', `номер ${P}`],
    ['slashes (issue 35)', 'тел 8/701/555/12/34', `тел ${P}`],
    ['underscores (issue 35)', '8_701_555_12_34 звони', `${P} звони`],
    ['full-width digits (issue 35)', 'номер ８７０１５５５１２３４', `номер ${P}`],
    ['zero-width spaces (issue 35)', '8\u200b701\u200b555\u200b12\u200b34', P],
    ['zero-width joiners and a soft hyphen', '8\u200d7\u00ad0\u20601555\ufeff1234', P],
    ['spaced digits', '8 7 0 1 5 5 5 1 2 3 4', P],
    ['mixed separators', '8 - 701 / 555 _ 12 . 34', P],
    ['other scripts’ digits', 'номер ٨٧٠١٥٥٥١٢٣٤', `номер ${P}`],
    ['mathematical digits', '𝟖𝟕𝟎𝟏𝟓𝟓𝟓𝟏𝟐𝟑𝟒', P],
    ['a neighbour’s number', '+996 555 123 456', P],
    ['e-mail', 'пишите на seller.almaty@mail.kz', `пишите на ${E}`],
    ['[at] (issue 35)', 'name [at] mail.kz', E],
    ['(at) and (dot)', 'name(at)mail(dot)kz', E],
    ['full-width ＠ (issue 35)', 'name＠mail.kz', E],
    ['spaced dot (issue 35)', 'name@mail . kz', E],
    ['spaced @', 'name @ mail.kz', E],
    ['собака', 'name собака mail.kz', E],
    ['at and dot spelt out', 'name at mail dot kz', E],
    ['zero-width inside an e-mail', 'na\u200bme@ma\u200bil.kz', E],
    ['both in one message', 'Тел. 87015551234, почта a.b@mail.ru', `Тел. ${P}, почта ${E}`],
  ])('%s: %s', (_name, body, masked) => {
    expect(maskContacts(body)).toBe(masked)
  })
})

describe('what is not a contact stays', () => {
  test.each([
    ['a price', 'Цена 5 500 000 тг'],
    ['a price in full', 'Отдам за 12 500 000 тенге, торг'],
    ['a year', 'Машина 2019 года'],
    ['mileage', 'Пробег 120 000 км'],
    ['a year beside the mileage', 'Camry 2019 120 000 км'],
    ['price, year and mileage', 'Цена 12 500 000, 2019 год, пробег 84 000 км'],
    ['a VIN', 'VIN JTDBT923X71234567'],
    ['a VIN whose digits look like a number', 'VIN XTA21099087015551'],
    ['a date and a time', 'Приезжайте 12.05.2024 в 18:30'],
    ['an engine and a tax', '2.5 л, налог 17 000 тг в год'],
    ['"at" in a sentence', 'Look at cars.kz for the price'],
    ['a landline without its code', 'Офис: 272 12 34'],
  ])('%s: %s', (_name, body) => {
    expect(maskContacts(body)).toBe(body)
  })
})

describe('a number split over messages', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute))
  const thread = (...parts: [string, number][]) =>
    maskSendersMessages(parts.map(([body, minute]) => ({ body, createdAt: at(minute) })))

  test('the two parts are hidden when written within the window', () => {
    expect(thread(['Мой номер 8 701 555', 0], ['12 34', 1])).toEqual([`Мой номер ${P}`, P])
  })

  test('the completing part may come with words after it', () => {
    expect(thread(['8701', 0], ['5551234 звоните вечером', 2])).toEqual([P, `${P} звоните вечером`])
  })

  test('over three messages', () => {
    expect(thread(['Записывай: 8 701', 0], ['555', 1], ['12 34', 2])).toEqual([`Записывай: ${P}`, P, P])
  })

  test('full-width and zero-width digits split over two messages', () => {
    expect(thread(['８７０１', 0], ['555\u200b12\u200b34', 1])).toEqual([P, P])
  })

  test('not when the second part comes later than the window', () => {
    const late = SPLIT_NUMBER_WINDOW_MS / 60_000 + 1
    expect(thread(['Мой номер 8 701 555', 0], ['12 34', late])).toEqual(['Мой номер 8 701 555', '12 34'])
  })

  test('nor when the digits together are no number: a price, then a year', () => {
    expect(thread(['Цена 5 500 000', 0], ['2019', 1])).toEqual(['Цена 5 500 000', '2019'])
  })

  test('a whole number in each message is masked in each', () => {
    expect(thread(['87015551234', 0], ['87015554321', 1])).toEqual([P, P])
  })
})
