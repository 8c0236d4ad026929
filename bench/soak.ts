import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import { benchDatabaseUrl, describeExisting, ensureAutovacuum, recreateAndSeed, sampleCarIds } from './database.ts'
import { load } from './http.ts'
import { rssMb, startProductionServer } from './servers.ts'

const USAGE = `npm run bench:soak [-- options]   (not part of npm test)

A soak of the production server under signed-in load (issue 35, item 15): the server on the bench PostgreSQL
database, a few accounts signed up, each with favourites, then car pages, the wishlist, the account and the
catalogue as those accounts for --minutes, the server's resident memory sampled every --sample-seconds. Prints the
samples and the growth over the second half of the run, the question being whether memory is bounded.

  --listings N        listings to load first (default 20000)
  --skip-seed         reuse the bench database from an earlier run
  --minutes M         how long the load runs (default 10)
  --sample-seconds S  one load round and one memory sample every S seconds (default 15)
  --connections C     connections of the load (default 16)

BENCH_PORT=N puts the server on port N (default 3307).
`

const args = parseCommandLine(USAGE, {
  options: {
    help: { type: 'boolean' },
    listings: { type: 'string', default: '20000' },
    'skip-seed': { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '15' },
    connections: { type: 'string', default: '16' },
  },
})
const listings = wholeNumber(USAGE, 'listings', args.listings)
const minutes = wholeNumber(USAGE, 'minutes', args.minutes)
const sampleSeconds = wholeNumber(USAGE, 'sample-seconds', args['sample-seconds'], 2)
const connections = wholeNumber(USAGE, 'connections', args.connections)
const port = Number(process.env.BENCH_PORT ?? 3307)
const log = (m: string) => process.stdout.write(`${m}\n`)

if (args['skip-seed']) {
  const existing = await describeExisting()
  if (existing.published === 0) exitWithUsage(USAGE, '--skip-seed: the bench database has no published listings')
} else {
  await recreateAndSeed(listings, log)
}
const ids = await sampleCarIds(2_000)
// On as in production for the run, as `npm run bench` does (bench/database.ts); put back when the run ends.
const restoreAutovacuum = await ensureAutovacuum(log)
const server = await startProductionServer(benchDatabaseUrl(), port)
const { url } = server
const COOKIE = 'tulpar.session_token'

/** Signs up an account and answers its session cookie (the server's own sign-up, as a person would). */
async function signUp(n: number): Promise<string> {
  const email = `soak-${Date.now()}-${n}@bench.tulpar.kz`
  const headers = { 'content-type': 'application/json', origin: url }
  const up = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'soak-password-1', name: `Soak ${n}` }),
  })
  const cookie = up.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))
  const value = cookie?.split(';')[0]?.slice(COOKIE.length + 1)
  if (up.status !== 200 || !value) throw new Error(`sign-up ${n}: ${up.status} ${await up.text()}`)
  for (const id of ids.slice(n * 5, n * 5 + 5)) {
    const fav = await fetch(`${url}/api/favourites/${id}/`, {
      method: 'PUT',
      headers: { origin: url, cookie: `${COOKIE}=${value}` },
    })
    if (!fav.ok) throw new Error(`favourite ${id}: ${fav.status} ${await fav.text()}`)
  }
  return value
}

try {
  const sessions = await Promise.all([0, 1, 2, 3].map(signUp))
  const pages = [
    ...ids.map((id) => `/cars/${id}`),
    ...Array.from({ length: 50 }, () => ['/wishlist', '/account', '/', '/auto']).flat(),
  ]
  const samples: { second: number; rssMb: number; reqPerSec: number; errors: number }[] = []
  const started = performance.now()
  samples.push({ second: 0, rssMb: await rssMb(server.child.pid), reqPerSec: 0, errors: 0 })
  log(`start: ${samples[0]?.rssMb} MB resident`)
  for (let round = 0; performance.now() - started < minutes * 60_000; round++) {
    const session = sessions[round % sessions.length]
    const result = await load(url, pages, {
      connections,
      seconds: sampleSeconds,
      headers: { cookie: `${COOKIE}=${session}`, 'accept-encoding': 'gzip, deflate, br, zstd' },
    })
    const sample = {
      second: Math.round((performance.now() - started) / 1000),
      rssMb: await rssMb(server.child.pid),
      reqPerSec: Math.round(result.rps),
      errors: result.errors + result.non2xx,
    }
    samples.push(sample)
    log(`${sample.second} s: ${sample.rssMb} MB, ${sample.reqPerSec} req/s, ${sample.errors} errors`)
  }
  // Least-squares slope of resident memory over the second half, MB per minute: a bounded server stays near 0.
  const half = samples.filter((s) => s.second >= (minutes * 60) / 2)
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  const mx = mean(half.map((s) => s.second))
  const my = mean(half.map((s) => s.rssMb))
  const slope =
    half.reduce((a, s) => a + (s.second - mx) * (s.rssMb - my), 0) /
    Math.max(
      1,
      half.reduce((a, s) => a + (s.second - mx) ** 2, 0),
    )
  const peak = Math.max(...samples.map((s) => s.rssMb))
  log(
    JSON.stringify({
      minutes,
      connections,
      startMb: samples[0]?.rssMb,
      peakMb: peak,
      endMb: samples.at(-1)?.rssMb,
      secondHalfSlopeMbPerMinute: Math.round(slope * 60 * 10) / 10,
      requests: samples.reduce((a, s) => a + s.reqPerSec * sampleSeconds, 0),
      errors: samples.reduce((a, s) => a + s.errors, 0),
    }),
  )
} finally {
  await server.stop()
  await restoreAutovacuum?.()
}
