import { readFileSync } from 'node:fs'

/** The heap limit flags a process was started with (app-processes.ts gives each app process APP_HEAP_MB's). */
export function heapFlags(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--max-old-space-size'))
}
