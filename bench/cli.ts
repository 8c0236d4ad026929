import { type ParseArgsConfig, parseArgs } from 'node:util'

/*
 * The command line of the bench's commands (run.ts, cluster.ts, startup.ts): `--help` prints the command's usage,
 * and a mistake (an unknown option, a count that is not a whole number) prints what is wrong and the usage and
 * ends with status 2, rather than a stack trace or a run that measures nothing.
 */

/** Prints `message` and the usage to stderr and ends the process with status 2. */
export function exitWithUsage(usage: string, message: string): never {
  process.stderr.write(`${message}\n\n${usage}`)
  process.exit(2)
}

/** `parseArgs` in strict mode with `--help` (which `config` must declare) answered by printing `usage`. */
export function parseCommandLine<T extends ParseArgsConfig>(usage: string, config: T) {
  let values: ReturnType<typeof parseArgs<T>>['values']
  try {
    values = parseArgs(config).values
  } catch (error) {
    exitWithUsage(usage, error instanceof Error ? error.message : String(error))
  }
  if ((values as { help?: unknown }).help === true) {
    process.stdout.write(usage)
    process.exit(0)
  }
  return values
}

/** The option `--name`'s value as a whole number of at least `least`; anything else ends with the usage. */
export function wholeNumber(usage: string, name: string, value: string, least = 1): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < least)
    exitWithUsage(usage, `--${name} must be a whole number of at least ${least}, not ${JSON.stringify(value)}`)
  return Number(value)
}
