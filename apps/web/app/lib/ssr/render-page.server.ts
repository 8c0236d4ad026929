import { Writable } from 'node:stream'
import type { ReactElement } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { MARK_SCRIPTS_RUN } from '../page-cache/scripts-cookie.server.ts'
import { REGISTER_SERVICE_WORKER } from '../pwa/register-sw.ts'

/** Every page's inline bootstrap: the service worker's registration, and the cookie saying scripts run. */
export const PAGE_BOOTSTRAP = `${MARK_SCRIPTS_RUN};${REGISTER_SERVICE_WORKER}`

/**
 * React Router writes the loaders' data into the page as its data script, read from a stream during the render.
 * Read here in full before the render (no route defers data, so it is complete once the loaders are) and given to
 * the script's component as already read: the cache it keeps per chunk, chunk 0 the whole text, chunk 1 the end.
 */
export async function readLoaderData(routerContext: EntryContext): Promise<string | null> {
  const stream = routerContext.serverHandoffStream
  if (!stream) return null
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  text += decoder.decode()
  reader.releaseLock()
  return text
}

/**
 * The context for one render: the data script's cache holds the data already read, and the stream it would read
 * is a new, empty one (each render takes a reader of it; the first render's would leave it locked for a second).
 */
export function withLoaderData(routerContext: EntryContext, text: string | null): EntryContext {
  if (text === null) return routerContext
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result })
  return {
    ...routerContext,
    serverHandoffStream: new ReadableStream<Uint8Array>({ start: (controller) => controller.close() }),
    renderMeta: {
      ...routerContext.renderMeta,
      streamCache: { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: '' }) },
    },
  }
}

/** React's marker of a boundary left for the browser to render: something in it suspended or threw. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'
const DOCTYPE = Buffer.from('<!DOCTYPE html>')
const BODY_END = '</body>'

/**
 * The page by the synchronous renderer as UTF-8, with what the streaming one adds to a document: the doctype, and
 * the service worker's registration as the bootstrap script (with the id React gives it) at the end of the body.
 * Null when the streaming renderer must do it.
 *
 * The renderer's string is made of thousands of pieces, Latin and Cyrillic, and V8 joins such a string slowly (about
 * 0.7 ms for a catalogue page) each time a step needs it whole: a search, a slice, undici's check of a string body
 * (docs/performance.md). So it is joined once, as it is encoded, and every later step works on the bytes.
 */
export function renderAtOnce(page: ReactElement, nonce: string): Buffer<ArrayBuffer> | null {
  let html: Buffer
  try {
    html = Buffer.from(renderToString(page))
  } catch {
    return null
  }
  const end = html.lastIndexOf(BODY_END)
  if (end === -1 || html.includes(CLIENT_RENDERED_BOUNDARY)) return null
  const bootstrap = Buffer.from(`<script nonce="${nonce}" id="_R_">${PAGE_BOOTSTRAP}</script>`)
  return Buffer.concat([DOCTYPE, html.subarray(0, end), bootstrap, html.subarray(end)])
}

/** A section of a page that failed to render: the page answers 500 and shows the section's fallback. */
function reportRenderError(error: unknown) {
  process.stderr.write(`page render failed in a section: ${error instanceof Error ? error.stack : error}\n`)
}

export function renderStreamed(
  page: ReactElement,
  nonce: string,
  responseStatusCode: number,
  responseHeaders: Headers,
  streamTimeout: number,
  report: (error: unknown) => void = reportRenderError,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Errors of sections (Suspense boundaries) that fail before the shell is ready: reported once it is, as it is
    // then sure they are not the shell's own (React Router logs that one, and answers its error page).
    const beforeShell: unknown[] = []
    // The status when the shell was ready: an error in a boundary after it leaves the page's status as it was
    // (the boundary's content is rendered in the browser instead), as when the page was streamed.
    let status = responseStatusCode
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // The installable web app's service worker, registered once the page has loaded (features/pwa).
      bootstrapScriptContent: PAGE_BOOTSTRAP,
      // A Suspense boundary that is already complete is written where it stands, however long the page: by
      // default React moves boundaries past 12.8 KB of HTML to the end, hidden until a script shows them, which
      // a browser without JavaScript never runs (the car page's below-the-fold islands, ui/island.tsx).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady() {
        shellRendered = true
        status = responseStatusCode
        for (const error of beforeShell.splice(0)) report(error)
      },
      // The whole page, then one body. Loaders have finished before React starts (no route defers data), so
      // waiting for all of it costs a visitor nothing, while streaming React's 2 KB chunks through a Node
      // stream, a web stream and back was a fifth of a car page's server time (docs/performance.md).
      onAllReady() {
        const chunks: Buffer[] = []
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk)
              callback()
            },
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }))
              callback()
            },
          }),
        )
      },
      onShellError(error: unknown) {
        for (const earlier of beforeShell.splice(0)) if (earlier !== error) report(earlier)
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) report(error)
        else beforeShell.push(error)
      },
    })
  })
}
