import { type ComponentType, lazy, Suspense } from 'react'

/**
 * Content below the fold whose code is not part of a page's first load. The server renders it in full, and in
 * the browser the server's HTML stays as it is (links and plain forms work) until the visitor scrolls or touches
 * the page, or 3 s pass; then the code loads and React takes the HTML over. On the server the component is loaded
 * when the process starts, so no render waits for it.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let onServer: ComponentType<P> | undefined
  if (import.meta.env.SSR) {
    void load().then((c) => {
      onServer = c
    })
  }
  const Lazy = lazy(() => (import.meta.env.SSR ? Promise.resolve() : wanted).then(load).then((c) => ({ default: c })))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per island at module level, never in a render
  return function Island(props: P) {
    // The server renders the loaded component itself inside the same boundary: nothing suspends, so the HTML is
    // inline in the page (a suspended boundary would be streamed in hidden and shown by a script).
    const Loaded = import.meta.env.SSR ? onServer : undefined
    return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>
  }
}

/** Settles at the visitor's first scroll, touch, key or focus on a field or button, or after 3 s (in the browser only). */
const wanted: Promise<void> =
  typeof window === 'undefined'
    ? Promise.resolve()
    : new Promise((resolve) => {
        const events = ['scroll', 'pointerdown', 'keydown', 'focusin'] as const
        const go = () => {
          clearTimeout(timer)
          for (const e of events) removeEventListener(e, go, true)
          resolve()
        }
        const timer = setTimeout(go, 3000)
        for (const e of events) addEventListener(e, go, { capture: true, passive: true })
      })
