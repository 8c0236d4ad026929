import type { Locale, TotalCost } from '@tulpar/contracts'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { I18nProvider } from '../../i18n/i18n-react.tsx'
import { MESSAGES } from '../../i18n/index.ts'
import { TotalCostCard } from './total-cost.tsx'

const render = (locale: Locale, cost: TotalCost) =>
  renderToStaticMarkup(
    createElement(I18nProvider, {
      locale,
      messages: MESSAGES[locale],
      // biome-ignore lint/correctness/noChildrenProp: createElement in a .ts test; the props type requires children
      children: createElement(TotalCostCard, { cost }),
    }),
  ).replace(/[\u00a0\u202f]/g, ' ')

const cost: TotalCost = {
  priceKzt: 9_800_000,
  taxPerYear: { amountKzt: 29_450, ruleYear: 2026, mrpKzt: 4_325, source: 'Tax Code, art. 492' },
  loan: null,
  import: {
    ruleYear: 2026,
    recyclingFeeKzt: 1_000_000,
    dutyKzt: 1_470_000,
    vatKzt: 1_800_000,
    customsFeeKzt: 20_000,
    dutyPct: 15,
    vatPct: 12,
    rightHandDrive: false,
    sources: ['EAEU customs tariff'],
  },
}

describe('total cost card', () => {
  test.each([
    ['ru', 'по правилам 2026 года, МРП 4 325 ₸'],
    ['kk', '2026 жылғы ережелер бойынша'],
    ['en', 'under the 2026 rules'],
  ] as [Locale, string][])(
    'in %s names the tax rules by their year as a year, not a number (2026, never 2 026)',
    (locale, text) => {
      const html = render(locale, cost)
      expect(html).toContain(text)
      expect(html).not.toContain('2 026')
      expect(html).not.toContain('2,026')
    },
  )
})
