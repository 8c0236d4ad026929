import { describe, expect, test } from 'vitest'
import { decodeQueueCursor, encodeQueueCursor } from './moderation.service.ts'
import { decisionMessage, reasonText } from './moderation.texts.ts'
import type { SignalFacts } from './signals.repository.ts'
import { explainSignals, priceReference, triggeredSignals } from './signals.ts'

const facts = (over: Partial<SignalFacts> = {}): SignalFacts => ({
  id: 1,
  vin: 'XTA21099011111111',
  year: 2019,
  priceKzt: 7_000_000,
  estimateKzt: null,
  accountCreatedAt: new Date('2025-01-01T00:00:00Z'),
  accountAgeDays: 300,
  vinListingIds: [],
  uploadedPhotos: 3,
  matchingPhotos: 0,
  photoListingIds: [],
  medianKzt: null,
  comparables: 0,
  openComplaints: 0,
  takenDownListingIds: [],
  ...over,
})

describe('signals', () => {
  test('the price fires strictly below 70% of the reference, not at it', () => {
    expect(triggeredSignals(facts({ estimateKzt: 10_000_000, priceKzt: 7_000_000 }))).toEqual([])
    expect(triggeredSignals(facts({ estimateKzt: 10_000_000, priceKzt: 6_999_999 }))).toEqual(['low_price'])
  })

  test('the market estimate wins over the median; the median needs 3 comparables', () => {
    expect(priceReference(facts({ estimateKzt: 9_000_000, medianKzt: 20_000_000, comparables: 50 }))).toEqual({
      kzt: 9_000_000,
      source: 'estimate',
    })
    expect(priceReference(facts({ medianKzt: 10_000_000, comparables: 3 }))).toEqual({
      kzt: 10_000_000,
      source: 'median',
    })
    expect(priceReference(facts({ medianKzt: 10_000_000, comparables: 2 }))).toBeNull()
    expect(triggeredSignals(facts({ medianKzt: 20_000_000, comparables: 2, priceKzt: 1 }))).toEqual([])
  })

  test('an account is new for 7 days: day 6 fires, day 7 does not', () => {
    expect(triggeredSignals(facts({ accountAgeDays: 6 }))).toEqual(['new_account'])
    expect(triggeredSignals(facts({ accountAgeDays: 7 }))).toEqual([])
  })

  test('complaints fire for an open one about the listing or a take-down of the seller, and say which', () => {
    expect(triggeredSignals(facts({ openComplaints: 2 }))).toEqual(['complaints'])
    expect(triggeredSignals(facts({ takenDownListingIds: [4] }))).toEqual(['complaints'])
    const both = explainSignals(facts({ openComplaints: 2, takenDownListingIds: [4, 8] }), 'ru').at(-1)
    expect(both).toMatchObject({ code: 'complaints', triggered: true, relatedListingIds: [4, 8], openComplaints: 2 })
    expect(both?.explanation).toBe(
      'Нерассмотренных жалоб покупателей на это объявление: 2. Объявления продавца, снятые по жалобам: № 4, 8.',
    )
    expect(explainSignals(facts(), 'en').at(-1)).toMatchObject({ code: 'complaints', triggered: false })
  })

  test('all five checks are explained in every language, fired or not', () => {
    const f = facts({ vinListingIds: [5, 9], matchingPhotos: 1, photoListingIds: [9], accountAgeDays: 1 })
    for (const locale of ['ru', 'kk', 'en'] as const) {
      const list = explainSignals(f, locale)
      expect(list.map((s) => [s.code, s.triggered])).toEqual([
        ['duplicate_vin', true],
        ['duplicate_photos', true],
        ['low_price', false],
        ['new_account', true],
        ['complaints', false],
      ])
      for (const s of list) expect(s.explanation).not.toMatch(/\{\w+\}/)
      expect(list[0]?.explanation).toContain('5, 9')
    }
  })
})

describe('the seller’s message', () => {
  test('a rejection names the reason in the seller’s language, with the comment on its own line', () => {
    const ru = decisionMessage(
      { action: 'rejected', reasonCode: 'fake_photos' },
      'Kia Rio, 2017',
      'Фото из интернета',
      'ru',
    )
    expect(ru.split('\n')).toEqual([
      'Ваше объявление «Kia Rio, 2017» не прошло модерацию. Причина: Фотографии не этого автомобиля или взяты из интернета.',
      'Комментарий модератора: Фото из интернета',
      'Исправьте объявление и отправьте его на модерацию снова.',
    ])
    expect(decisionMessage({ action: 'approved' }, 'Kia Rio, 2017', null, 'kk')).toBe(
      'Сіздің «Kia Rio, 2017» хабарландыруыңыз модерациядан өтті және жарияланды.',
    )
    expect(reasonText('duplicate', 'en')).toBe('A duplicate of a listing that is already placed')
    expect(reasonText('something_old', 'en')).toBe('something_old')
  })
})

describe('the queue cursor', () => {
  test('round-trips, and anything else is refused', () => {
    const c = { at: '2026-11-21 10:00:00.123456+00', id: 42 }
    expect(decodeQueueCursor(encodeQueueCursor(c))).toEqual(c)
    for (const bad of [
      '',
      'abc',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["x",1]').toString('base64url'),
    ])
      expect(() => decodeQueueCursor(bad)).toThrow(/cursor/)
  })
})
