import { describe, expect, test } from 'vitest'
import { bar, createProgress, progressText } from './progress.ts'

function fakeClock() {
  let t = 0
  return {
    now: () => t,
    advance(ms: number) {
      t += ms
    },
  }
}

function terminal(columns = 120) {
  let out = ''
  return {
    isTTY: true,
    columns,
    write(s: string) {
      out += s
      return true
    },
    text: () => out,
  }
}

describe('progress', () => {
  test('a bar fills with the fraction done', () => {
    expect(bar(0, 10)).toBe('░'.repeat(10))
    expect(bar(0.5, 10)).toBe('█████░░░░░')
    expect(bar(1.7, 10)).toBe('█'.repeat(10))
  })

  test('a line says the counts, the percentage and the time', () => {
    expect(progressText('listings', 2_500, 20_000, 1.234)).toBe('listings 2,500/20,000 12% 1.2 s')
    expect(progressText('market estimates', 1, 1, 3, '(343 great)')).toBe('market estimates 100% 3.0 s (343 great)')
  })

  test('on a terminal the bar is redrawn in place, and each task keeps its last line', () => {
    const clock = fakeClock()
    const tty = terminal()
    const lines: string[] = []
    const progress = createProgress({ stream: tty, log: (l) => lines.push(l), title: 'Demo data', now: clock.now })
    progress.update('listings', 0, 4)
    clock.advance(50)
    progress.update('listings', 1, 4) // too soon after the last draw: skipped
    clock.advance(100)
    progress.update('listings', 2, 4)
    progress.update('listings', 4, 4) // the end is always drawn
    progress.update('indexes', 1, 2)
    progress.end()
    const out = tty.text()
    expect(lines).toEqual([])
    expect(out).not.toContain('1/4')
    expect(out.split('\r\x1b[2K').filter(Boolean)).toEqual([
      `Demo data ${'░'.repeat(20)} listings 0/4 0% 0.0 s`,
      `Demo data ${'█'.repeat(10)}${'░'.repeat(10)} listings 2/4 50% 0.1 s`,
      `Demo data ${'█'.repeat(20)} listings 4/4 100% 0.1 s\n`,
      `Demo data ${'█'.repeat(10)}${'░'.repeat(10)} indexes 1/2 50% 0.0 s\n`,
    ])
  })

  test('a line longer than the terminal is cut, so it never wraps', () => {
    const tty = terminal(40)
    const progress = createProgress({ stream: tty, log: () => {}, title: 'Demo data' })
    progress.update('a task with a long name', 1, 3, '(and a note)')
    for (const drawn of tty.text().split('\r\x1b[2K').filter(Boolean)) expect(drawn.length).toBeLessThan(40)
  })

  test('elsewhere it writes plain lines: the first, at most one every 2 s, and the last of each task', () => {
    const clock = fakeClock()
    const pipe = { isTTY: false, write: (_: string) => true }
    const lines: { line: string; done: number }[] = []
    const progress = createProgress({
      stream: pipe,
      log: (line, fields) => lines.push({ line, done: fields.done }),
      now: clock.now,
    })
    for (let done = 0; done <= 10; done++) {
      progress.update('listings', done, 10)
      clock.advance(500)
    }
    progress.update('indexes', 1, 3)
    clock.advance(100)
    progress.update('indexes', 2, 3)
    progress.end()
    expect(lines.map((l) => `${l.line.split(' ')[0]} ${l.done}`)).toEqual([
      'listings 0',
      'listings 4',
      'listings 8',
      'listings 10',
      'indexes 1',
      'indexes 2',
    ])
    expect(lines.every((l) => !l.line.includes('\x1b') && !l.line.includes('█'))).toBe(true)
  })
})
