import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { readMetrics } from './metrics.ts'

/*
 * The alert rules and the dashboard in deploy/prometheus read the app's metrics by name: a metric renamed or removed
 * here would leave an alert that never fires and a panel that stays empty, with nothing failing. And the rules have
 * tests of their own (alerts.test.yml), run by Prometheus' promtool where it is installed (.ci/run installs it).
 */

const DEPLOY = new URL('../../../../deploy/prometheus/', import.meta.url)
const read = (file: string) => readFileSync(new URL(file, DEPLOY), 'utf8')

/** The series a histogram or a summary is read by, besides its own name. */
const SUFFIXES = ['_bucket', '_count', '_sum']

describe('deploy/prometheus against the app metrics', () => {
  test('every tulpar_ series the alerts and the dashboard read is one the app exposes', async () => {
    const exposed = new Set<string>()
    for (const [, name, type] of (await readMetrics()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      if (!name) continue
      exposed.add(name)
      if (type === 'histogram' || type === 'summary') for (const s of SUFFIXES) exposed.add(`${name}${s}`)
    }
    const deployed = [read('alerts.yml'), read('dashboard.json')].join('\n')
    const named = new Set(deployed.match(/\btulpar_[a-z_]+/g) ?? [])
    expect(named.size).toBeGreaterThan(10)
    expect([...named].filter((name) => !exposed.has(name))).toEqual([])
  })

  const promtool = (() => {
    try {
      execFileSync('promtool', ['--version'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()

  test.skipIf(!promtool)("the rules are valid and fire as alerts.test.yml says (promtool's own tests)", () => {
    const cwd = new URL('.', DEPLOY).pathname
    const run = (...args: string[]) => execFileSync('promtool', args, { cwd, encoding: 'utf8', timeout: 30_000 })
    expect(run('check', 'rules', 'alerts.yml')).toContain('SUCCESS')
    expect(run('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS')
  })
})
