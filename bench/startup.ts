import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { parseCommandLine, wholeNumber } from './cli.ts'

/*
 * Start-up and memory of the zero-setup demo: the production server on a fresh embedded (PGlite) database.
 * First start (migrations, reference data, the demo listings) with its peak resident memory and the time of
 * each phase from the server's own log; then a cold start on that data and the resident memory after a mix of
 * page loads (home, catalogue, car pages, each with the photos it shows, as a browser would load them).
 *
 * Run alone: `node bench/startup.ts [--port 3600] [--listings 20000] [--pages 100]`.
 */

export interface StartupOptions {
  port: number
  /** Demo listings of the first start (SEED_LISTINGS); default the server's own default, 20,000. */
  listings?: number
  /** Page loads after the cold start; default 100. */
  pages?: number
  log?: (message: string) => void
}

interface PhaseMark {
  /** Milliseconds from spawn to the log line. */
  atMs: number
  message: string
  /** The phase's own time, when the line says (`ms`). */
  ms?: number
  /** Resident memory after the phase: the line's own `rssMb`, else when the line was read, MB. */
  rssMb: number
}

interface PageLoads {
  pages: number
  /** Requests made: the pages and their photos. */
  requests: number
  pageMsMedian: number
  pageMsMax: number
  /** The server's CPU time per page load (with its photos): steadier than wall time on a shared machine. */
  cpuMsPerPage: number
  /** Resident memory after the page loads, MB. */
  rssMb: number
  /** Highest resident memory of the process so far (VmHWM), MB. */
  peakMb: number
}

interface StartRun {
  /** Spawn to the first 200 of /api/readyz. */
  readyMs: number
  /** Highest resident memory of the server process up to ready (VmHWM), MB. */
  peakToReadyMb: number
  /**
   * Highest resident memory of the server and its child processes together up to ready (the embedded database is
   * prepared in a child), sampled every 100 ms, MB.
   */
  peakTreeToReadyMb: number
  readyRssMb: number
  /** The server's log lines up to ready (its phases), with when and at what resident memory. */
  phases: PhaseMark[]
  afterPages: PageLoads
}

export interface StartupResult {
  listings: number
  /** On an empty data folder: migrations, reference data, demo listings. */
  first: StartRun
  /** The same folder again. */
  cold: StartRun
}

interface Memory {
  rssMb: number
  hwmMb: number
}

/** Resident memory and its high-water mark (Linux `/proc/<pid>/status`), MB. */
function memoryOf(pid: number | undefined): Memory {
  if (!pid) return { rssMb: 0, hwmMb: 0 }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
    return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) }
  } catch {
    return { rssMb: 0, hwmMb: 0 }
  }
}

/** The pids whose parent is `pid` (Linux `/proc/<pid>/stat`). */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The parent is the second field after the command name (which may hold spaces).
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
      if (parent === pid) children.push(Number(entry))
    } catch {
      // ended meanwhile
    }
  }
  return children
}

/** Resident memory of `pid` and its children together, MB. */
function treeRssMb(pid: number | undefined): number {
  if (!pid) return 0
  return [pid, ...childrenOf(pid)].reduce((sum, p) => sum + memoryOf(p).rssMb, 0)
}

/** CPU time the process has used so far (user + system, Linux `/proc/<pid>/stat`), ms. */
function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

interface Embedded {
  child: ChildProcess
  /** Milliseconds from spawn to the first 200 of /api/readyz. */
  ready: Promise<number>
  phases: PhaseMark[]
  stop(): Promise<void>
}

function startEmbedded(dataDir: string, port: number, listings: number | undefined): Embedded {
  const started = performance.now()
  const spawnedAt = Date.now()
  // Started as `npm run demo` starts it (scripts/lib/env.sh: its Node flags and malloc settings), with this Node.
  const child = spawn('bash', ['-c', 'source scripts/lib/env.sh && exec_demo_server'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...(listings === undefined ? {} : { SEED_LISTINGS: String(listings) }),
    },
    // stdout is a pipe, so the server logs JSON lines: the start-up phases are read from them.
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const phases: PhaseMark[] = []
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: { msg?: unknown; time?: unknown; ms?: unknown; rssMb?: unknown; req?: unknown; res?: unknown }
      try {
        entry = JSON.parse(line)
      } catch {
        return
      }
      // Request logs are not phases.
      if (typeof entry.msg !== 'string' || entry.req !== undefined || entry.res !== undefined) return
      // pino's `time` is when the line was logged; lines written while PGlite holds the thread arrive late.
      phases.push({
        atMs: typeof entry.time === 'number' ? entry.time - spawnedAt : Math.round(performance.now() - started),
        // The demo staff's generated passwords are not for a report.
        message: entry.msg.startsWith('Demo back office') ? 'demo staff accounts made' : entry.msg,
        ...(typeof entry.ms === 'number' ? { ms: entry.ms } : {}),
        rssMb: typeof entry.rssMb === 'number' ? entry.rssMb : memoryOf(child.pid).rssMb,
      })
    })
  }
  const ready = (async () => {
    const deadline = Date.now() + 240_000
    for (;;) {
      if (child.exitCode !== null) throw new Error('the embedded server exited before it was ready')
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/readyz`)).ok) return performance.now() - started
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the embedded server was not ready within 240 s')
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  return { child, ready, phases, stop }
}

interface Card {
  id: number
  brand: { slug: string }
  model: { slug: string }
  city: { slug: string }
}

/**
 * `count` page paths: a fifth home pages, two fifths catalogue pages (brand, brand and model, with a city, a
 * second page), two fifths car pages, each car a different one. Fixed order for a given set of cars.
 */
function pageMix(cards: Card[], count: number): string[] {
  const paths: string[] = []
  for (let i = 0; paths.length < count; i++) {
    const card = cards[i % cards.length] as Card
    switch (i % 5) {
      case 0:
        paths.push('/')
        break
      case 1:
        paths.push(
          [
            `/auto/${card.brand.slug}`,
            `/auto/${card.brand.slug}/${card.model.slug}`,
            `/auto/${card.brand.slug}/${card.model.slug}/${card.city.slug}`,
            `/auto?page=2`,
          ][Math.floor(i / 5) % 4] as string,
        )
        break
      default:
        paths.push(i % 5 === 2 ? `/auto/${card.brand.slug}?sort=price_asc` : `/cars/${card.id}`)
    }
  }
  return paths
}

/**
 * The photos a browser fetches for a page: for each `<picture>` the first candidate of its first source (AVIF,
 * the card or gallery size; Chromium takes AVIF), and any other `<img>`. Lazy images count too, so this is a
 * little more than a browser fetches before scrolling.
 */
function imagesOf(html: string): string[] {
  const urls = new Set<string>()
  for (const m of html.matchAll(/<picture>(.*?)<\/picture>/gs)) {
    const first =
      /<source[^>]*?srcSet="([^" ,]+)/i.exec(m[1] ?? '')?.[1] ?? /<img[^>]*?\ssrc="([^"]+)"/.exec(m[1] ?? '')?.[1]
    if (first?.startsWith('/media/')) urls.add(first)
  }
  const outside = html.replace(/<picture>.*?<\/picture>/gs, '')
  for (const m of outside.matchAll(/<img\b[^>]*?\ssrc="(\/media\/[^"]+)"/g)) if (m[1]) urls.add(m[1])
  return [...urls]
}

async function loadPages(base: string, paths: string[]): Promise<{ requests: number; ms: number[] }> {
  let requests = 0
  const ms: number[] = []
  for (const path of paths) {
    const t0 = performance.now()
    const res = await fetch(`${base}${path}`)
    const html = await res.text()
    requests++
    if (!res.ok) throw new Error(`${path}: ${res.status}`)
    // A browser fetches a few photos at a time.
    const images = imagesOf(html)
    for (let i = 0; i < images.length; i += 4) {
      await Promise.all(
        images.slice(i, i + 4).map(async (src) => {
          const image = await fetch(`${base}${src}`)
          await image.arrayBuffer()
          requests++
        }),
      )
    }
    ms.push(performance.now() - t0)
  }
  return { requests, ms }
}

/** Loads `count` pages of the mix (with their photos) from a running server, one after another. */
async function loadPageMix(base: string, count: number): Promise<{ requests: number; ms: number[] }> {
  // Cars from several sorts, so the car pages are spread over the data rather than the newest few.
  const cards: Card[] = []
  for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc']) {
    const list = (await (await fetch(`${base}/api/cars/?sort=${sort}`)).json()) as { results: Card[] }
    cards.push(...list.results)
  }
  if (cards.length === 0) throw new Error('the demo has no published listings')
  return loadPages(base, pageMix(cards, count))
}

async function measureRun(dataDir: string, port: number, options: StartupOptions): Promise<StartRun> {
  const server = startEmbedded(dataDir, port, options.listings)
  let peakTreeMb = 0
  const sampler = setInterval(() => {
    peakTreeMb = Math.max(peakTreeMb, treeRssMb(server.child.pid))
  }, 100)
  try {
    const readyMs = await server.ready.finally(() => clearInterval(sampler))
    const atReady = memoryOf(server.child.pid)
    const phases = [...server.phases]
    const cpuBefore = cpuMsOf(server.child.pid)
    const loaded = await loadPageMix(`http://127.0.0.1:${port}`, options.pages ?? 100)
    const cpuMs = cpuMsOf(server.child.pid) - cpuBefore
    const after = memoryOf(server.child.pid)
    const sorted = [...loaded.ms].sort((a, b) => a - b)
    return {
      readyMs: Math.round(readyMs),
      peakToReadyMb: atReady.hwmMb,
      peakTreeToReadyMb: Math.max(peakTreeMb, atReady.hwmMb),
      readyRssMb: atReady.rssMb,
      phases,
      afterPages: {
        pages: loaded.ms.length,
        requests: loaded.requests,
        pageMsMedian: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
        pageMsMax: Math.round(sorted.at(-1) ?? 0),
        cpuMsPerPage: Math.round((cpuMs / Math.max(1, loaded.ms.length)) * 10) / 10,
        rssMb: after.rssMb,
        peakMb: after.hwmMb,
      },
    }
  } finally {
    await server.stop()
  }
}

function describeRun(name: string, run: StartRun): string[] {
  const p = run.afterPages
  return [
    `${name}: ready in ${run.readyMs} ms, peak ${run.peakToReadyMb} MB (with the preparation's process ` +
      `${run.peakTreeToReadyMb} MB), ${run.readyRssMb} MB at ready; after ` +
      `${p.pages} pages (${p.requests} requests, median ${p.pageMsMedian} ms, ${p.cpuMsPerPage} ms of CPU each): ` +
      `${p.rssMb} MB, peak ${p.peakMb} MB`,
    ...run.phases.map(
      (m) =>
        `  ${String(m.atMs).padStart(6)} ms ${String(m.rssMb).padStart(5)} MB  ${m.message}${m.ms === undefined ? '' : ` (${m.ms} ms)`}`,
    ),
  ]
}

/**
 * The demo's first start on an empty data folder and a cold start on the same folder, each followed by the page
 * mix: the first process is the one a newcomer keeps using, so both count against the memory target.
 */
export async function benchStartup(options: StartupOptions): Promise<StartupResult> {
  const log = options.log ?? (() => {})
  const dataDir = mkdtempSync(join(tmpdir(), 'tulpar-bench-'))
  try {
    const first = await measureRun(dataDir, options.port, options)
    for (const line of describeRun('first start', first)) log(line)
    const cold = await measureRun(dataDir, options.port, options)
    for (const line of describeRun('cold start', cold)) log(line)
    return { listings: options.listings ?? 20_000, first, cold }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
const USAGE = `node bench/startup.ts [options]

Times the zero-setup demo's first start on an empty data folder (migrations, reference data, demo listings) and a
cold start on that folder, with the resident memory of each after --pages page loads. Prints JSON.

  --port N          the demo server's port (default BENCH_EMBEDDED_PORT, else 3307)
  --listings N      demo listings of the first start (default the server's own, 20,000)
  --pages N         page loads after each start (default 100)
`

if (isMain) {
  const values = parseCommandLine(USAGE, {
    options: {
      port: { type: 'string', default: process.env.BENCH_EMBEDDED_PORT ?? '3307' },
      listings: { type: 'string' },
      pages: { type: 'string', default: '100' },
      help: { type: 'boolean', default: false },
    },
  })
  const result = await benchStartup({
    port: wholeNumber(USAGE, 'port', values.port),
    listings: values.listings === undefined ? undefined : wholeNumber(USAGE, 'listings', values.listings),
    pages: wholeNumber(USAGE, 'pages', values.pages, 0),
    log: (m) => process.stdout.write(`${m}\n`),
  })
  const { phases: _first, ...first } = result.first
  const { phases: _cold, ...cold } = result.cold
  process.stdout.write(`${JSON.stringify({ listings: result.listings, first, cold }, null, 2)}\n`)
}
