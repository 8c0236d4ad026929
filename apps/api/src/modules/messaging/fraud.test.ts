import { describe, expect, test } from 'vitest'
import { detectFraud } from './fraud.ts'
import { HIDDEN_EMAIL, HIDDEN_PHONE, maskContacts } from './mask.ts'

describe('fraud warnings', () => {
  test.each([
    ['Переведите предоплату 100 000 на карту', ['prepayment']],
    ['Нужен задаток, иначе продам другому', ['prepayment']],
    ['Алдын ала төлем жасаңыз, сосын көлікті әкелемін', ['prepayment']],
    ['Please send a deposit first', ['prepayment']],
    ['Скиньте номер карты и CVV, верну деньги', ['card']],
    ['Карта нөміріңізді жазыңыз', ['card']],
    ['Send me your card number', ['card']],
    ['Напишите в WhatsApp, там быстрее', ['messenger']],
    ['Пишите в телеграм @seller', ['messenger']],
    ['Let us move to Viber', ['messenger']],
    ['Предоплату на карту, номер карты скину в ватсап', ['prepayment', 'card', 'messenger']],
  ])('%s', (body, expected) => {
    expect(detectFraud(body)).toEqual(expected)
  })

  test.each([
    'Здравствуйте! Машина ещё продаётся? Можно посмотреть в субботу?',
    'Торг уместен, обмен не интересует',
    'Сәлеметсіз бе! Көлік әлі сатылымда ма?',
    'Is the car still available? Can I see it on Saturday?',
    'Пробег 120 000 км, один хозяин',
  ])('no warning: %s', (body) => {
    expect(detectFraud(body)).toEqual([])
  })
})

describe('contacts are masked', () => {
  test.each([
    ['Звоните +7 701 123 45 67', `Звоните ${HIDDEN_PHONE}`],
    ['мой номер 87011234567!', `мой номер ${HIDDEN_PHONE}!`],
    ['8 (701) 123-45-67 после шести', `${HIDDEN_PHONE} после шести`],
    ['пишите на seller.almaty@mail.kz', `пишите на ${HIDDEN_EMAIL}`],
  ])('%s', (body, masked) => {
    expect(maskContacts(body)).toBe(masked)
  })

  test('prices, years and mileage stay', () => {
    const body = 'Цена 12 500 000, 2019 год, пробег 84 000 км'
    expect(maskContacts(body)).toBe(body)
  })
})
