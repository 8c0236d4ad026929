import { describe, expect, test } from 'vitest'
import { escapeHtml, renderStandInPage } from './stand-in-page.ts'

describe('the stand-in page shell', () => {
  test('escapeHtml escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })

  test('a page is one document in its language, not indexed, its title escaped, with no script', () => {
    const html = renderStandInPage({
      lang: 'kk',
      title: 'Сынақ <төлем> & "кіру"',
      style: 'h1{margin:0}',
      head: '<meta http-equiv="refresh" content="5">',
      body: '<main><h1>Сынақ</h1></main>',
    })
    expect(html.startsWith('<!doctype html>\n<html lang="kk">')).toBe(true)
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).toContain('<meta http-equiv="refresh" content="5">')
    expect(html).toContain('<title>Сынақ &lt;төлем&gt; &amp; &quot;кіру&quot;</title>')
    expect(html).toContain('<style>h1{margin:0}</style>')
    expect(html).toContain('<body><main><h1>Сынақ</h1></main></body></html>')
    expect(html).not.toContain('<script')
  })
})
