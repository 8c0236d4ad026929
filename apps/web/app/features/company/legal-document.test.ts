import { LOCALES } from '@tulpar/contracts/constants'
import { describe, expect, test } from 'vitest'
import routes from '../../routes.ts'
import { ABOUT_TEXTS } from './about-content.server.ts'
import { LEGAL_DOCUMENTS, legalDocument } from './legal/documents.server.ts'
import { fillDocument, type LegalBlock, type LegalDocument, parseInline } from './legal-document.ts'

const contacts = {
  name: 'Tulpar Auto',
  phones: ['+77272500150'],
  email: 'info@tulpar.kz',
  address: 'г. Алматы, пр. Абая, 150',
  workingHours: 'Пн–Пт 9:00–19:00',
  socials: {},
}

const texts = (blocks: LegalBlock[]) => blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.items))
const allTexts = (doc: LegalDocument) => [
  ...texts(doc.intro),
  ...doc.sections.flatMap((s) => [s.title, ...texts(s.blocks)]),
]

/** The paths of the app's screens, from routes.ts (`:id` segments stay as they are). */
function routePaths(entries: readonly { path?: string; children?: unknown }[]): string[] {
  return entries.flatMap((e) => [
    ...(e.path ? [`/${e.path}`] : []),
    ...(Array.isArray(e.children) ? routePaths(e.children) : []),
  ])
}

describe('a text with links', () => {
  test('splits into plain parts and links, in order', () => {
    expect(parseInline('Откройте [профиль](/account) или напишите на [a@b.kz](mailto:a@b.kz).')).toEqual([
      'Откройте ',
      { label: 'профиль', href: '/account' },
      ' или напишите на ',
      { label: 'a@b.kz', href: 'mailto:a@b.kz' },
      '.',
    ])
    expect(parseInline('без ссылок')).toEqual(['без ссылок'])
    expect(parseInline('[только ссылка](/about)')).toEqual([{ label: 'только ссылка', href: '/about' }])
  })
})

describe('the legal documents', () => {
  test('fill in the company contacts and leave no placeholder behind', () => {
    for (const kind of ['privacy', 'terms'] as const) {
      for (const locale of LOCALES) {
        const { doc, version } = legalDocument(kind, locale, contacts)
        expect(version).toBe(kind === 'privacy' ? '2026-11-26' : '2026-11-23')
        const all = allTexts(doc).join('\n')
        expect(all, `${kind} ${locale}`).not.toMatch(/\{\w+\}/)
        expect(all).toContain('[info@tulpar.kz](mailto:info@tulpar.kz)')
      }
    }
    const { doc } = legalDocument('privacy', 'ru', contacts)
    expect(allTexts(doc).join('\n')).toContain('[+7\u00a0727\u00a0250\u00a001\u00a050](tel:+77272500150)')
  })

  test('an unknown placeholder stays visible rather than vanishing', () => {
    const doc = fillDocument(
      { title: 't', description: 'd', intro: ['{email} {nope}'], sections: [] },
      { operator: 'o', address: 'a', email: 'e', phone: 'p', phoneText: 'pt' },
    )
    expect(doc.intro).toEqual(['e {nope}'])
  })

  test('have the same sections and paragraphs in ru, kk and en', () => {
    for (const { texts: byLocale } of Object.values(LEGAL_DOCUMENTS)) {
      const shape = (doc: LegalDocument) => ({
        intro: doc.intro.map((b) => (typeof b === 'string' ? 'p' : b.items.length)),
        sections: doc.sections.map((s) => [s.id, s.blocks.map((b) => (typeof b === 'string' ? 'p' : b.items.length))]),
      })
      expect(shape(byLocale.kk)).toEqual(shape(byLocale.ru))
      expect(shape(byLocale.en)).toEqual(shape(byLocale.ru))
    }
  })

  test('are written in Kazakh in the Kazakh version, not copied from Russian', () => {
    for (const { texts: byLocale } of Object.values(LEGAL_DOCUMENTS)) {
      // Paragraphs and list items; short titles may be loan words (Аккаунт, Модерация).
      const body = (doc: LegalDocument) => [...texts(doc.intro), ...doc.sections.flatMap((s) => texts(s.blocks))]
      const ru = body(byLocale.ru)
      const kk = body(byLocale.kk)
      expect(kk.filter((text, i) => text === ru[i])).toEqual([])
      expect(kk.filter((text) => !/[әғқңөұүһі]/i.test(text) && !text.startsWith('{operator}'))).toEqual([])
    }
  })

  test('link only to screens that exist', () => {
    const paths = new Set(routePaths(routes))
    const links = [
      ...Object.values(LEGAL_DOCUMENTS).flatMap((d) => LOCALES.flatMap((l) => allTexts(d.texts[l]))),
      ...LOCALES.flatMap((l) => ABOUT_TEXTS[l].sections.map((s) => `[x](${s.link.href})`)),
    ]
      .flatMap(parseInline)
      .flatMap((p) => (typeof p === 'string' || !p.href.startsWith('/') ? [] : [p.href]))
    expect(links.length).toBeGreaterThan(10)
    for (const href of new Set(links)) {
      const known = paths.has(href) || (href === '/auto' && paths.has('/auto/:first?/:second?/:third?'))
      expect(known, href).toBe(true)
    }
  })
})
