import type { FastifyBaseLogger } from 'fastify'
import type { EmbeddedStartListener } from './db/embedded-start.ts'
import { SEED_STAGE_NAMES, type SeedStep } from './db/seed/demo/index.ts'
import { createProgress } from './lib/progress.ts'

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'> & { level?: string }

/** `[14:03:07] INFO: migrations applied {"ms":690}`, as the logger's readable lines look. */
function readableLine(level: 'INFO' | 'WARN', obj: object, msg: string, at = new Date()): string {
  const time = at.toTimeString().slice(0, 8)
  const fields = Object.keys(obj).length > 0 ? ` ${JSON.stringify(obj)}` : ''
  return `[${time}] ${level}: ${msg}${fields}\n`
}

/**
 * How the embedded database's start-up (db/embedded-start.ts) is shown. On a terminal: a progress bar for each
 * stage of the first start's demo seed, and the start-up's log lines written here, in order, between the bars
 * (the logger's readable lines reach the terminal a tick after they are logged, so they would land inside a bar).
 * Elsewhere: the logger gets every line, and the seed's progress at most every 2 s and at the end of each stage.
 */
export function startupDisplay(
  log: Log,
  stdout: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'> = process.stdout,
): EmbeddedStartListener & { end(): void } {
  const progress = createProgress({
    stream: stdout,
    title: 'Demo data',
    log: (line, fields) => log.info(fields, line),
  })
  const onSeedProgress = (_message: string, step: SeedStep) =>
    progress.update(SEED_STAGE_NAMES[step.stage], step.done, step.total, step.detail ? `(${step.detail})` : '')
  if (stdout.isTTY !== true) return { log, onSeedProgress, end: () => progress.end() }

  const infoShown = log.level === undefined || ['trace', 'debug', 'info'].includes(log.level)
  const write = (level: 'INFO' | 'WARN', obj: object, msg: string) => {
    progress.end()
    stdout.write(readableLine(level, obj, msg))
  }
  return {
    log: {
      info(objOrMsg: object | string, msg?: string) {
        if (!infoShown) return
        if (typeof objOrMsg === 'string') write('INFO', {}, objOrMsg)
        else write('INFO', objOrMsg, msg ?? '')
      },
      warn(obj: object, msg: string) {
        write('WARN', obj, msg)
      },
    },
    onSeedProgress,
    end: () => progress.end(),
  }
}
