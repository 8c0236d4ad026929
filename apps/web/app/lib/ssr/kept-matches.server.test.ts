import { createStaticHandler, type EntryContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import { KEPT_PATHS, withKeptMatches } from './kept-matches.server.ts'

/** A render's context around a static handler context whose match counts its calls. */
function contextWith(match: ((location: unknown) => unknown) | undefined) {
  return { staticHandlerContext: { matches: [], loaderData: {}, _match: match } } as unknown as EntryContext
}

type Kept = EntryContext['staticHandlerContext'] & { _match: (location: unknown) => unknown }
const keptOf = (context: EntryContext) => withKeptMatches(context).staticHandlerContext as Kept

describe('withKeptMatches', () => {
  test('a path is matched once; every later render answers from what it answered then', () => {
    const asked: unknown[] = []
    const match = (location: unknown) => {
      asked.push(location)
      return [{ route: { id: `route of ${String(location)}` } }]
    }
    const first = keptOf(contextWith(match))
    const answer = first._match('/cars')
    expect(first._match('/cars')).toBe(answer)
    expect(first._match('/')).toEqual([{ route: { id: 'route of /' } }])
    // The next render's context holds the same handler's match: it keeps the answers too.
    const second = keptOf(contextWith(match))
    expect(second._match('/cars')).toBe(answer)
    expect(asked).toEqual(['/cars', '/'])
  })

  test('a location object is matched every time', () => {
    let calls = 0
    const kept = keptOf(
      contextWith(() => {
        calls++
        return null
      }),
    )
    kept._match({ pathname: '/cars' })
    kept._match({ pathname: '/cars' })
    expect(calls).toBe(2)
  })

  test(`at most ${KEPT_PATHS} paths are kept: then it starts again`, () => {
    const asked: unknown[] = []
    const kept = keptOf(contextWith((location) => asked.push(location)))
    for (let i = 0; i < KEPT_PATHS; i++) kept._match(`/auto/brand-${i}`)
    kept._match('/auto/brand-0')
    expect(asked).toHaveLength(KEPT_PATHS)
    kept._match('/auto/one-more')
    kept._match('/auto/brand-0')
    expect(asked).toHaveLength(KEPT_PATHS + 2)
  })

  test('a context without a match is rendered as it is', () => {
    const context = contextWith(undefined)
    expect(withKeptMatches(context)).toBe(context)
  })

  test("React Router's static handler context still has the match this keeps", async () => {
    const handler = createStaticHandler([
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'cars', path: 'cars' },
          { id: 'car', path: 'cars/:id' },
        ],
      },
    ])
    const context = await handler.query(new Request('http://localhost/cars/1'))
    if (context instanceof Response) throw new Error('a response, not a context')
    const kept = keptOf({ staticHandlerContext: context } as unknown as EntryContext)
    expect(kept).not.toBe(context)
    const ids = (matches: unknown) => (matches as { route: { id: string } }[]).map((m) => m.route.id)
    expect(ids(kept._match('/cars'))).toEqual(['root', 'cars'])
    expect(kept._match('/cars')).toBe(kept._match('/cars'))
    expect(ids(kept._match('/'))).toEqual(['root'])
  })
})
