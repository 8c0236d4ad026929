import { describe, expect, test } from 'vitest'
import { pageMeta } from './page-meta.ts'

describe('pageMeta', () => {
  test('the title, description and canonical address, and the same three for link previews', () => {
    expect(pageMeta({ title: 'Партнёры', description: 'Сервисы', canonical: 'https://tulpar.kz/partners' })).toEqual([
      { title: 'Партнёры — Tulpar Auto' },
      { name: 'description', content: 'Сервисы' },
      { tagName: 'link', rel: 'canonical', href: 'https://tulpar.kz/partners' },
      { property: 'og:title', content: 'Партнёры' },
      { property: 'og:description', content: 'Сервисы' },
      { property: 'og:url', content: 'https://tulpar.kz/partners' },
    ])
  })

  test('nothing before the loader has answered (an error page)', () => {
    expect(pageMeta(undefined)).toEqual([])
  })
})
