import type { DealRating, Locale, MarketEstimate } from '@tulpar/contracts'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { I18nProvider } from '../../i18n/i18n-react.tsx'
import { MESSAGES } from '../../i18n/index.ts'
import { DealBadge } from './deal-badge.tsx'
import { percentFromEstimate, scalePositions } from './scale.ts'
import { ValuationPanel } from './valuation-panel.tsx'

const render = (locale: Locale, element: ReactElement) =>
  // biome-ignore lint/correctness/noChildrenProp: createElement in a .ts test; the props type requires children
  renderToStaticMarkup(createElement(I18nProvider, { locale, messages: MESSAGES[locale], children: element }))
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/&#x27;/g, "'")

const valuation: MarketEstimate = {
  estimateKzt: 12_500_000,
  lowKzt: 11_800_000,
  highKzt: 13_200_000,
  comparables: 23,
  rating: 'great',
  estimatedAt: '2026-11-21T10:00:00.000Z',
}

describe('deal badge', () => {
  test.each([
    ['great', 'ru', 'Отличная цена'],
    ['high', 'ru', 'Цена выше рынка'],
    ['good', 'kk', 'Тиімді баға'],
    ['fair', 'en', 'Fair price'],
  ] as [DealRating, Locale, string][])('%s in %s reads "%s"', (rating, locale, label) => {
    const html = render(locale, createElement(DealBadge, { rating }))
    expect(html).toBe(`<span class="deal-badge deal-badge-${rating}">${label}</span>`)
  })
})

describe('valuation panel', () => {
  test('shows the rating, the estimate, the usual range, how far the price is from it and what it rests on', () => {
    const html = render('ru', createElement(ValuationPanel, { valuation, priceKzt: 10_900_000 }))
    expect(html).toContain('Отличная цена')
    expect(html).toContain('<strong>10 900 000 ₸</strong>, на 13% ниже оценки')
    expect(html).toContain('12 500 000 ₸')
    expect(html).toContain('от 11 800 000 ₸ до 13 200 000 ₸')
    expect(html).toContain('Сравнили с 23 похожими объявлениями, оценка от 21 ноября 2026')
    expect(html).toContain('<details class="valuation-how"><summary>Как мы считаем</summary>')
    // The method's numbers come from the shared constants, not from the text.
    expect(html).toContain('на 10% и больше ниже оценки')
    expect(html).toContain('меньше 5, оценку не показываем')
  })

  test('in Kazakh and English, with plural forms', () => {
    const kk = render(
      'kk',
      createElement(ValuationPanel, { valuation: { ...valuation, comparables: 21 }, priceKzt: 13_600_000 }),
    )
    expect(kk).toContain('21 ұқсас хабарландырумен салыстырдық')
    expect(kk).toContain('бағалаудан 9% қымбат')
    expect(kk).toContain('Қалай есептейміз')
    const en = render(
      'en',
      createElement(ValuationPanel, { valuation: { ...valuation, comparables: 21 }, priceKzt: 12_500_000 }),
    )
    expect(en).toContain('Compared with 21 similar listings')
    expect(en).toContain('the same as the estimate')
    expect(
      render('ru', createElement(ValuationPanel, { valuation: { ...valuation, comparables: 21 }, priceKzt: 1 })),
    ).toContain('Сравнили с 21 похожим объявлением')
  })

  test('places the price on the scale and describes the scale for screen readers', () => {
    const html = render('en', createElement(ValuationPanel, { valuation, priceKzt: 10_900_000 }))
    const pos = scalePositions(valuation, 10_900_000)
    expect(html).toContain(`class="valuation-price-marker deal-great" style="left:${pos.price}%"`)
    expect(html).toContain(
      'role="img" aria-label="Price 10,900,000 ₸ on the scale: usual price 11,800,000 ₸ to 13,200,000 ₸, estimate 12,500,000 ₸"',
    )
  })

  test('without an estimate says why and still explains the method', () => {
    const html = render('ru', createElement(ValuationPanel, { valuation: null, priceKzt: 10_000_000 }))
    expect(html).toContain('Похожих объявлений пока слишком мало')
    expect(html).toContain('Как мы считаем')
    expect(html).not.toContain('deal-badge')
    expect(html).not.toContain('valuation-scale')
  })
})

describe('scale geometry', () => {
  test('the price, the band and the estimate stay inside the scale, in order', () => {
    for (const price of [1_000_000, 10_900_000, 12_500_000, 30_000_000]) {
      const p = scalePositions(valuation, price)
      for (const x of [p.bandLeft, p.bandLeft + p.bandWidth, p.estimate, p.price]) {
        expect(x).toBeGreaterThan(0)
        expect(x).toBeLessThan(100)
      }
      expect(p.bandLeft).toBeLessThan(p.estimate)
      expect(p.estimate).toBeLessThan(p.bandLeft + p.bandWidth)
    }
    const cheap = scalePositions(valuation, 9_000_000)
    expect(cheap.price).toBeLessThan(cheap.bandLeft)
    const dear = scalePositions(valuation, 15_000_000)
    expect(dear.price).toBeGreaterThan(dear.bandLeft + dear.bandWidth)
  })

  test('a band of zero width still makes a scale', () => {
    const p = scalePositions({ estimateKzt: 5_000_000, lowKzt: 5_000_000, highKzt: 5_000_000 }, 5_000_000)
    expect(p.price).toBe(50)
    expect(p.bandWidth).toBe(0)
  })

  test('per cent from the estimate is rounded to a whole number', () => {
    expect(percentFromEstimate(10_900_000, 12_500_000)).toBe(-13)
    expect(percentFromEstimate(13_600_000, 12_500_000)).toBe(9)
    expect(percentFromEstimate(12_500_000, 12_500_000)).toBe(0)
  })
})
