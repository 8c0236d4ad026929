/*
 * Progress of a long command (the demo's first seed, `npm run db:seed`, the benchmark's load). On a terminal,
 * one bar per task, redrawn in place; anywhere else (a log collector, a CI log, a pipe) plain lines: the first
 * and last of each task and at most one every few seconds between, so a log does not fill with redraws.
 */

interface ProgressLine {
  task: string
  done: number
  total: number
}

export interface ProgressOptions {
  /** Where the bar is drawn, when it is a terminal (`isTTY`). */
  stream: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean; columns?: number }
  /** Otherwise each plain line goes here. */
  log: (line: string, fields: ProgressLine) => void
  /** Prefix of every bar, e.g. `Demo data`. */
  title?: string
  /** Least time between two plain lines of one task; default 2 s. */
  everyMs?: number
  now?: () => number
}

export interface Progress {
  /** `task` has `done` of `total` done. A new task ends the previous one's bar. `note` follows the counts. */
  update(task: string, done: number, total: number, note?: string): void
  /** Ends the last bar (its line stays on the terminal). */
  end(): void
}

const BAR_WIDTH = 20
const REDRAW_MS = 100

const fmt = (n: number) => n.toLocaleString('en-US')

/** `████████░░░░` for a fraction 0..1. */
export function bar(fraction: number, width = BAR_WIDTH): string {
  const full = Math.round(Math.min(1, Math.max(0, fraction)) * width)
  return '█'.repeat(full) + '░'.repeat(width - full)
}

/** The text of one progress line: counts, percentage and seconds since the task began. */
export function progressText(task: string, done: number, total: number, seconds: number, note = ''): string {
  const percent = total > 0 ? Math.floor((done / total) * 100) : 100
  const counts = total > 1 ? `${fmt(done)}/${fmt(total)} ` : ''
  return `${task} ${counts}${percent}% ${seconds.toFixed(1)} s${note ? ` ${note}` : ''}`
}

export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now())
  const everyMs = options.everyMs ?? 2000
  const tty = options.stream.isTTY === true
  const title = options.title ? `${options.title} ` : ''
  let task: string | null = null
  let started = 0
  /** When the current task was last drawn or logged, and at which count. */
  let shown = { at: Number.NEGATIVE_INFINITY, done: -1 }
  let last = { done: 0, total: 0, note: '' }
  let onScreen = false

  const text = (done: number, total: number, note: string) =>
    progressText(task ?? '', done, total, (now() - started) / 1000, note)

  function show(done: number, total: number, note: string) {
    if (tty) {
      // The bar gives way to the text on a narrow terminal, and the line is cut to its width: a wrapped line
      // cannot be redrawn in place.
      const words = text(done, total, note)
      const width = options.stream.columns ?? 100
      const barWidth = Math.max(5, Math.min(BAR_WIDTH, width - 2 - title.length - words.length))
      const line = `${title}${bar(total > 0 ? done / total : 1, barWidth)} ${words}`
      options.stream.write(`\r\x1b[2K${line.length >= width ? line.slice(0, width - 1) : line}`)
      onScreen = true
    } else {
      options.log(`${title}${text(done, total, note)}`, { task: task ?? '', done, total })
    }
    shown = { at: now(), done }
  }

  /** The task's last state stays: the bar's final line on a terminal, a last plain line elsewhere. */
  function finishTask() {
    if (task === null) return
    if (shown.done !== last.done) show(last.done, last.total, last.note)
    if (onScreen) options.stream.write('\n')
    onScreen = false
    task = null
  }

  return {
    update(name, done, total, note = '') {
      if (name !== task) {
        finishTask()
        task = name
        started = now()
        shown = { at: Number.NEGATIVE_INFINITY, done: -1 }
      }
      last = { done, total, note }
      const wait = tty ? REDRAW_MS : everyMs
      if (now() - shown.at >= wait || (done >= total && shown.done !== done)) show(done, total, note)
    },
    end() {
      finishTask()
    },
  }
}
