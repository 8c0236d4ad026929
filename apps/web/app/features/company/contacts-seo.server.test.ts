import type { Branch, CompanyContacts } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { buildContactsJsonLd } from './contacts-seo.server.ts'

const contacts: CompanyContacts = {
  name: 'Tulpar Auto',
  phones: ['+77272500150'],
  email: 'info@tulpar.kz',
  address: 'г. Алматы, пр. Абая, 150',
  workingHours: 'Пн–Пт 9:00–19:00',
  socials: { instagram: 'https://instagram.com/tulpar.auto', telegram: 'https://t.me/tulpar_auto' },
}

const astana: Branch = {
  id: 3,
  city: { id: 2, slug: 'astana', name: 'Астана' },
  address: 'пр. Туран, 37',
  phones: ['+77172600037', '+77770001537'],
  socialLink: 'https://instagram.com/tulpar.auto.astana',
  workingHours: 'Пн–Пт 9:00–19:00',
  lat: 51.1208,
  lng: 71.4173,
  mapLinks: { twoGis: 'https://2gis.kz/geo/71.4173,51.1208', yandex: 'https://yandex.kz/maps/?pt=71.4173,51.1208' },
}

describe('the contacts page for search engines', () => {
  test('describes the company and each branch with its address, coordinates and phones', () => {
    const ld = buildContactsJsonLd(contacts, [astana], 'https://tulpar.kz')
    expect(ld).toMatchObject({
      '@type': 'Organization',
      url: 'https://tulpar.kz/',
      telephone: '+77272500150',
      sameAs: ['https://instagram.com/tulpar.auto', 'https://t.me/tulpar_auto'],
    })
    expect(ld.department).toEqual([
      expect.objectContaining({
        '@type': 'AutoDealer',
        name: 'Tulpar Auto, Астана',
        address: expect.objectContaining({ addressLocality: 'Астана', streetAddress: 'пр. Туран, 37' }),
        geo: { '@type': 'GeoCoordinates', latitude: 51.1208, longitude: 71.4173 },
        telephone: ['+77172600037', '+77770001537'],
      }),
    ])
  })
})
