import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'
import { DEMO_STAFF_FILE, type DemoStaff, ensureDemoStaff } from './demo-staff.ts'
import { user } from './identity.tables.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
const dataDir = mkdtempSync(join(tmpdir(), 'tulpar-demo-staff-'))
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: { email, password },
  })

describe('the demo back-office accounts', () => {
  test('are made once on the first start, kept for the owner only, told once, and their passwords sign in', async () => {
    const said: string[] = []
    const log = { warn: (m: string) => said.push(m) }
    const staff = (await ensureDemoStaff({ db: t.db, auth: t.services.auth }, dataDir, log)) as DemoStaff
    expect(staff).not.toBeNull()
    const file = join(dataDir, DEMO_STAFF_FILE)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(staff)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(said).toHaveLength(1)
    expect(said[0]).toContain(staff.admin.password)

    for (const [who, role] of [
      ['moderator', 'moderator'],
      ['admin', 'admin'],
    ] as const) {
      const res = await signIn(staff[who].email, staff[who].password)
      expect(res.statusCode, res.body).toBe(200)
      const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.email, staff[who].email))
      expect(row?.role).toBe(role)
    }
    expect((await signIn(staff.admin.email, 'not-the-password')).statusCode).toBe(401)

    // The next start finds the file: nothing new, nothing printed.
    expect(await ensureDemoStaff({ db: t.db, auth: t.services.auth }, dataDir, log)).toBeNull()
    expect(said).toHaveLength(1)
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, staff.admin.email))).toHaveLength(1)
  })
})
