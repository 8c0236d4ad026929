import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
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
const settle = () => new Promise((r) => setTimeout(r, 50))

describe('the logger', () => {
  test('writes JSON lines when nobody reads the terminal, with credentials redacted', async () => {
    const { lines, destination } = capture()
    const log = createLogger({ level: 'info', readable: false, destination })
    log.info({ req: { headers: { cookie: 'tulpar.session_token=secret' } } }, 'request completed')
    await settle()
    const entry = JSON.parse(lines.join(''))
    expect(entry.msg).toBe('request completed')
    expect(entry.req.headers.cookie).toBe('[Redacted]')
  })

  test('writes readable lines on a terminal', async () => {
    const { lines, destination } = capture()
    const log = createLogger({ level: 'info', readable: true, destination })
    log.info({ listingId: 7, req: { headers: { authorization: 'Bearer secret' } } }, 'listing published')
    await settle()
    const text = lines.join('')
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listing published/)
    expect(text).toContain('"listingId":7')
    expect(text).not.toContain('Bearer secret')
    expect(() => JSON.parse(text)).toThrow()
  })
})
