import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { sessionTokenOf } from './session-token.ts'

const PORT = Number(process.env.E2E_PORT ?? 3111)
/** A server started elsewhere (the cluster: scripts/cluster.sh e2e); none is started here then. */
const EXTERNAL_URL = process.env.E2E_BASE_URL?.replace(/\/$/, '')
const BASE_URL = EXTERNAL_URL ?? `http://127.0.0.1:${PORT}`

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** An admin made with `npm run admin:create` before the server opened the database. */
    admin: { email: string; password: string }
    /**
     * That admin's session token, signed in once for the specs that only need an admin's cookie: password
     * sign-ins are limited to 10 per 15 minutes per account, and the journeys together would pass that.
     */
    adminSession: string
  }
}

/**
 * Starts the real production server (built web app + API) on a fresh embedded database with demo data,
 * waits until it is ready, and stops it after the journeys. With E2E_BASE_URL the journeys run against that
 * server instead, whose admin (E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD) the caller made.
 */
/** The production server as `npm start` runs it: with the module resolve hook preloaded (docs/operations.md). */
export const SERVER_ARGS = ['--import', './apps/api/src/resolve-hooks.ts', 'apps/web/server.ts']

export default async function setup(project: TestProject) {
  if (EXTERNAL_URL) {
    const admin = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' }
    if (!admin.email || !admin.password) throw new Error('E2E_BASE_URL needs E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD')
    const ready = await fetch(`${BASE_URL}/api/readyz`).catch((error: unknown) => error)
    if (!(ready instanceof Response) || !ready.ok) throw new Error(`${BASE_URL} is not ready: ${String(ready)}`)
    console.log(`e2e against ${BASE_URL} (started elsewhere)`)
    await provideAdmin(project, admin)
    return async () => {}
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tulpar-e2e-'))
  const started = Date.now()
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE_URL,
    DATA_DIR: dataDir,
    SEED_LISTINGS: process.env.E2E_SEED_LISTINGS ?? '400',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // The journeys' API calls name their own client address (client-ip.ts), as a proxy in front would.
    TRUST_PROXY_HOPS: '1',
    // The vehicle check journey sees its report 'being generated' before it is ready.
    REPORT_DELAY_SECONDS: '2',
    // The app links' documents are served (security.spec.ts reads them past the web app's catch-all).
    ANDROID_CERT_SHA256: Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0')).join(':'),
    APPLE_TEAM_ID: 'E2ETEAM123',
  }
  // The embedded database admits one process at a time: the admin is made with the CLI before the server starts.
  const admin = { email: 'e2e-admin@tulpar.kz', password: randomBytes(12).toString('hex') }
  execFileSync(
    process.execPath,
    ['apps/api/src/cli-admin-create.ts', `--email=${admin.email}`, `--password=${admin.password}`],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const server: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let exited = false
  server.once('exit', () => {
    exited = true
  })
  const deadline = Date.now() + 240_000
  for (;;) {
    if (exited) throw new Error('the server exited before it was ready')
    try {
      const res = await fetch(`${BASE_URL}/api/readyz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server was not ready within 240 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  console.log(`e2e server ready in ${Date.now() - started} ms at ${BASE_URL}`)
  await provideAdmin(project, admin)
  return async () => {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function provideAdmin(project: TestProject, admin: { email: string; password: string }) {
  const signIn = await fetch(`${BASE_URL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL },
    body: JSON.stringify(admin),
  })
  const adminSession = sessionTokenOf(signIn)
  if (!adminSession) throw new Error(`the e2e admin could not sign in: ${signIn.status}`)
  project.provide('adminSession', adminSession)
  project.provide('baseUrl', BASE_URL)
  project.provide('admin', admin)
}
