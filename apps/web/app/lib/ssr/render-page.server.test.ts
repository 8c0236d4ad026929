import { createElement as h, lazy, type ReactNode, Suspense } from 'react'
import type { EntryContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import { PAGE_BOOTSTRAP, readLoaderData, renderAtOnce, renderStreamed, withLoaderData } from './render-page.server.ts'

const NONCE = 'bm9uY2Utbm9uY2Utbm9uY2U='

/** A document like the app's: a head, text next to values, a list, a form, a boundary that is already complete. */
function page(section: ReactNode = h('p', null, 'Ниже: ', 42, ' км')) {
  return h(
    'html',
    { lang: 'ru' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Toyota Camry, 2019')),
    h(
      'body',
      null,
      h('main', { className: 'car-page' }, h('h1', null, 'Toyota ', 'Camry', ', ', 2019)),
      h('ul', null, ...['a', 'b', 'c'].map((k) => h('li', { key: k }, k))),
      h('form', { method: 'post' }, h('input', { type: 'hidden', name: 'intent', value: 'reveal' })),
      h(Suspense, { fallback: null }, section),
      h('script', { nonce: NONCE, src: '/assets/app.js', type: 'module' }),
    ),
  )
}

/** A component that throws while rendering. */
function Broken(): never {
  throw new Error('render broke')
}

const streamed = async (element: ReturnType<typeof page>) =>
  (await renderStreamed(element, NONCE, 200, new Headers(), 5_000)).text()

describe('a page rendered at once', () => {
  test('is the same HTML as the streaming renderer writes, bootstrap script and doctype included', async () => {
    const html = renderAtOnce(page(), NONCE)?.toString('utf8')
    expect(html).toBeDefined()
    expect(html).toBe(await streamed(page()))
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ru">/)
    expect(html).toContain(`<script nonce="${NONCE}" id="_R_">${PAGE_BOOTSTRAP}</script></body></html>`)
  })

  test('is left to the streaming renderer when a section suspends, which waits for it', async () => {
    let release: () => void = () => {}
    const loaded = new Promise<void>((resolve) => {
      release = resolve
    })
    const Section = lazy(() => loaded.then(() => ({ default: () => h('p', null, 'loaded later') })))
    expect(renderAtOnce(page(h(Section)), NONCE)).toBeNull()
    const html = streamed(page(h(Section)))
    release()
    expect(await html).toContain('<p>loaded later</p>')
    // Once loaded, the same section renders at once.
    expect(renderAtOnce(page(h(Section)), NONCE)?.toString('utf8')).toContain('<p>loaded later</p>')
  })

  test('is left to the streaming renderer when a section fails, whose page answers 500', async () => {
    expect(renderAtOnce(page(h(Broken)), NONCE)).toBeNull()
    const response = await renderStreamed(page(h(Broken)), NONCE, 200, new Headers(), 5_000, () => {})
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('<!--$!-->')
  })

  test("reports a section's error once, and leaves the shell's own to React Router", async () => {
    const reported: unknown[] = []
    const report = (error: unknown) => reported.push(error)
    // The section fails during the first pass, before the shell is ready.
    const response = await renderStreamed(page(h(Broken)), NONCE, 200, new Headers(), 5_000, report)
    expect(response.status).toBe(500)
    expect(reported).toHaveLength(1)
    expect(String(reported[0])).toContain('render broke')

    reported.length = 0
    const shellBroken = h('html', null, h('body', null, h(Broken)))
    await expect(renderStreamed(shellBroken, NONCE, 200, new Headers(), 5_000, report)).rejects.toThrow('render broke')
    expect(reported).toHaveLength(0)
  })

  test('is left to the streaming renderer when the page itself throws', () => {
    expect(renderAtOnce(h('html', null, h('body', null, h(Broken))), NONCE)).toBeNull()
  })

  test('is not a document without a body', () => {
    expect(renderAtOnce(h('div', null, 'fragment'), NONCE)).toBeNull()
  })
})

describe("React Router's loader data", () => {
  const contextWith = (chunks: Uint8Array[]) =>
    ({
      serverHandoffStream: new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          controller.close()
        },
      }),
      renderMeta: {},
    }) as unknown as EntryContext

  test('is read whole, a character split between chunks included', async () => {
    const bytes = new TextEncoder().encode('[{"city":"Қостанай"}]')
    const context = contextWith([bytes.slice(0, 12), bytes.slice(12)])
    expect(await readLoaderData(context)).toBe('[{"city":"Қостанай"}]')
  })

  test("is given to each render as the data script's first chunk, then its end, with a stream of its own", async () => {
    const context = contextWith([new TextEncoder().encode('[1]')])
    const text = await readLoaderData(context)
    const first = withLoaderData(context, text)
    const second = withLoaderData(context, text)
    const cache = (first.renderMeta as { streamCache: Record<number, { result: unknown }> }).streamCache
    expect(cache[0]?.result).toEqual({ done: false, value: '[1]' })
    expect(cache[1]?.result).toEqual({ done: true, value: '' })
    // Each render takes a reader: two renders of one request must not share a stream.
    expect(first.serverHandoffStream).not.toBe(second.serverHandoffStream)
    first.serverHandoffStream?.getReader()
    expect(() => second.serverHandoffStream?.getReader()).not.toThrow()
    expect(first.renderMeta).not.toBe(second.renderMeta)
  })

  test('leaves a context without a data stream as it is', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext
    expect(await readLoaderData(context)).toBeNull()
    expect(withLoaderData(context, null)).toBe(context)
  })
})
