import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rssMb } from './servers.ts'

/*
 * Start-up of the zero-setup demo: the production server on a fresh embedded (PGlite) database, first start
 * (migrations, reference data, the default 20,000 demo listings) and a cold start with that data already there, and its
 * resident memory after 40 page loads.
 */

function startEmbedded(dataDir: string, port: number) {
  const started = performance.now()
  const child = spawn(process.execPath, ['apps/web/server.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  })
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
  return { child, ready, stop }
}

export async function benchStartup(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tulpar-bench-'))
  try {
    const first = startEmbedded(dataDir, port)
    const firstMs = await first.ready
    await first.stop()
    const second = startEmbedded(dataDir, port)
    const coldMs = await second.ready
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/api/cars/`)).json()
      for (const path of ['/', '/cars', `/cars/${list.results[0].id}`, '/cars?brand=toyota']) {
        for (let i = 0; i < 10; i++) await (await fetch(`http://127.0.0.1:${port}${path}`)).text()
      }
      return {
        firstStartWithSeedMs: Math.round(firstMs),
        coldStartMs: Math.round(coldMs),
        rssAfter40PagesMb: await rssMb(second.child.pid),
      }
    } finally {
      await second.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
