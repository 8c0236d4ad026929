import { Redis } from 'ioredis'

/**
 * Whether a test file may run its tests that need `what` (Redis, a PostgreSQL server): yes when it answers.
 * When it does not, the tests are skipped with a printed reason on a developer's machine, but in CI
 * (`CI=true`), where the infrastructure is part of the run, the file fails instead: a silent skip there would
 * pass a run that tested nothing.
 */
export function infraAvailable(what: string, answers: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (answers) return true
  if (env.CI === 'true') throw new Error(`${what} does not answer, and CI needs it: start it (see .ci/run)`)
  process.stderr.write(`skipping the tests that need ${what}: it does not answer\n`)
  return false
}

/** True when the Redis at `url` answers PING within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  let timer: NodeJS.Timeout | undefined
  try {
    const pong = await Promise.race([
      probe.connect().then(() => probe.ping()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 1000)
      }),
    ])
    return pong === 'PONG'
  } catch {
    return false
  } finally {
    clearTimeout(timer)
    probe.disconnect()
  }
}
