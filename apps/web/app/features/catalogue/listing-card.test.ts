import type { ListingCard as Card } from '@tulpar/contracts'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { I18nProvider } from '../../i18n/i18n-react.tsx'
import { MESSAGES } from '../../i18n/index.ts'
import { card as carCard } from '../../lib/car.testing.ts'
import { ToastProvider } from '../../ui/toast.tsx'
import { ListingCard } from './listing-card.tsx'

/** A private seller's Tulpar car with a warranty, no photos, no deal rating and no credit offer. */
const card: Card = {
  ...carCard,
  id: 42,
  year: 2019,
  priceKzt: 13_900_000,
  mileage: 84_000,
  mileageKm: 84_000,
  isTulpar: true,
  hasWarranty: true,
  isCreditAvailable: false,
  cover: null,
  photoCount: 0,
  dealRating: null,
  monthlyPaymentKzt: null,
  dealer: null,
  isHighlighted: false,
}

/** In a data router, as in the app: the card's heart is a fetcher form. */
const render = (car: Card, locale: 'ru' | 'en' = 'ru') => {
  const router = createMemoryRouter([{ path: '/', element: createElement(ListingCard, { car }) }])
  return renderToStaticMarkup(
    createElement(I18nProvider, {
      locale,
      messages: MESSAGES[locale],
      // biome-ignore lint/correctness/noChildrenProp: I18nProvider requires `children`, which createElement's types only accept as a prop (no JSX in *.test.ts)
      children: createElement(ToastProvider, null, createElement(RouterProvider, { router })),
    }),
  ).replaceAll('\u00a0', ' ')
}

describe('ListingCard', () => {
  test('shows title, price in tenge, year, mileage, city and badges, linking to the car', () => {
    const html = render(card)
    expect(html).toContain('href="/cars/42"')
    expect(html).toContain('Toyota Camry, 2019')
    expect(html).toContain('13 900 000 ₸')
    expect(html).toContain('84 000 км')
    expect(html).toContain('Алматы')
    expect(html).toContain('Tulpar')
    expect(html).toContain('Гарантия')
  })

  test('carries a heart that is a form post to the wishlist (it works without JavaScript)', () => {
    const html = render(card)
    expect(html).toContain('action="/wishlist"')
    expect(html).toContain('aria-label="Добавить в избранное: Toyota Camry, 2019"')
    expect(html).toContain('aria-pressed="false"')
    expect(html).toContain('name="redirectTo" value="/"')
  })

  test('shows the estimated monthly payment only when there is one', () => {
    expect(render(card)).not.toContain('card-monthly')
    const html = render({ ...card, monthlyPaymentKzt: 312_450 })
    expect(html).toContain('≈ 312 450 ₸ в месяц')
    expect(render({ ...card, monthlyPaymentKzt: 312_450 }, 'en')).toContain('≈ 312,450 ₸ a month')
  })
})
