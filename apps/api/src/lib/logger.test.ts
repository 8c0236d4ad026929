import { Writable } from 'node:stream'
import { describe, expect, test, vi } from 'vitest'
import { createLogger } from './logger.ts'

function capture() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, destination }
}
/** Until the logger has written its line (pino-pretty hands it on asynchronously), at most 2 s. */
const written = (lines: string[]) =>
  vi.waitFor(
    () => {
      if (lines.length === 0) throw new Error('nothing written yet')
    },
    { timeout: 2000, interval: 5 },
  )

describe('the logger', () => {
  test('writes JSON lines when nobody reads the terminal, with credentials redacted', async () => {
    const { lines, destination } = capture()
    const log = createLogger({ level: 'info', readable: false, destination })
    log.info({ req: { headers: { cookie: 'tulpar.session_token=secret' } } }, 'request completed')
    await written(lines)
    const entry = JSON.parse(lines.join(''))
    expect(entry.msg).toBe('request completed')
    expect(entry.req.headers.cookie).toBe('[Redacted]')
  })

  test('writes readable lines on a terminal', async () => {
    const { lines, destination } = capture()
    const log = createLogger({ level: 'info', readable: true, destination })
    log.info({ listingId: 7, req: { headers: { authorization: 'Bearer secret' } } }, 'listing published')
    await written(lines)
    const text = lines.join('')
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listing published/)
    expect(text).toContain('"listingId":7')
    expect(text).not.toContain('Bearer secret')
    expect(() => JSON.parse(text)).toThrow()
  })
})
