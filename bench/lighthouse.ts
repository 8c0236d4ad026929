import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'

/*
 * Lighthouse 13 with its default configuration, which is the mobile preset (a mid-range phone's screen,
 * simulated slow 4G and a 4x slower CPU), in Debian's Chromium. We start Chromium ourselves with a
 * DevTools port (CHROME_PATH or /usr/bin/chromium) and hand the port to Lighthouse; nothing is downloaded.
 */

export interface LighthouseScores {
  path: string
  performance: number
  accessibility: number
  seo: number
  bestPractices: number
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number }
  /** Audits that cost points in accessibility or SEO (id: title), to say what to fix. */
  failing: string[]
  /** Lighthouse's own warnings about the run (e.g. a slow, busy CPU). */
  warnings: string[]
  /** What costs the most time, from Lighthouse's opportunities and the server response time. */
  opportunities: string[]
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export async function startChromium(port: number): Promise<{ stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tulpar-bench-chromium-'))
  const child: ChildProcess = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${CHROME} exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${CHROME} did not open its DevTools port ${port}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100)

export async function runLighthouse(baseUrl: string, path: string, port: number): Promise<LighthouseScores> {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0)
  const failing = ['accessibility', 'seo'].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}/${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
  )
  return {
    path,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    seo: score(lhr.categories.seo?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      speedIndexMs: numeric('speed-index'),
    },
    failing,
    warnings: lhr.runWarnings,
    opportunities: Object.values(lhr.audits)
      .map((a) => ({ a, ms: (a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) }))
      .filter(({ a, ms }) => ms > 0 && (a.score ?? 1) < 1)
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 4)
      .map(({ a }) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  }
}
