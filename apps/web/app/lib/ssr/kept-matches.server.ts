import type { EntryContext } from 'react-router'

/*
 * React Router sends each page the part of its route manifest the page can reach at once (route discovery "lazy"):
 * on every render it matches "/" and each of the path's ancestors ("/cars" for "/cars/123") against every route of
 * the app, through its static handler's match (`staticHandlerContext._match`, fog-of-war.js `getPartialManifest`).
 * The routes are the build's, so a path matches the same routes every time; that matching was 2.3% of the server's
 * CPU in the market mix at 1,000,000 cars (issue 39; docs/performance.md). The matches are kept per path here.
 *
 * `_match` is React Router's own (typed, not documented): a version without it renders pages as before, unkept, and
 * fails this module's test, which asks React Router's static handler for it.
 */

type Handled = EntryContext['staticHandlerContext']
type Match = Handled['_match']
type Matches = ReturnType<Match>

/** Paths kept at most per build: the ancestors of the pages asked (a catalogue's filters make many). */
export const KEPT_PATHS = 1_000

const kept = new WeakMap<Match, Match>()

/** `match` answering a path it has matched before from what it answered then (string paths only, a bounded map). */
function keeping(match: Match): Match {
  let keeper = kept.get(match)
  if (keeper) return keeper
  const answers = new Map<string, Matches>()
  keeper = (location) => {
    if (typeof location !== 'string') return match(location)
    const known = answers.get(location)
    if (known !== undefined) return known
    const answer = match(location)
    if (answers.size >= KEPT_PATHS) answers.clear()
    answers.set(location, answer)
    return answer
  }
  kept.set(match, keeper)
  return keeper
}

/** The render's context with its static handler's match keeping its answers (the context itself when it has none). */
export function withKeptMatches(routerContext: EntryContext): EntryContext {
  const handler: Handled = routerContext.staticHandlerContext
  if (typeof handler._match !== 'function') return routerContext
  return { ...routerContext, staticHandlerContext: { ...handler, _match: keeping(handler._match) } }
}
