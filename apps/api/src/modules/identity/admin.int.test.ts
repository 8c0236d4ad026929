import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '../../db/schema.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { createAdmin } from './admin.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('admin:create', () => {
  test('creates an admin who can sign in', async () => {
    const result = await createAdmin(
      { db: t.db, auth: t.services.auth },
      { email: 'Admin@Tulpar.kz', password: 'admin-pass-1' },
    )
    expect(result.created).toBe(true)
    const [row] = await t.db.select().from(user).where(eq(user.id, result.userId))
    expect(row?.role).toBe('admin')
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'admin@tulpar.kz', password: 'admin-pass-1' },
    })
    expect(login.statusCode).toBe(200)
    const me = await t.app.inject({
      url: '/api/auth/users/me/',
      headers: { authorization: `Bearer ${login.headers['set-auth-token']}` },
    })
    expect(me.json().role).toBe('admin')
  })

  test('promotes an existing account without changing its password, and refuses a short password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'mod@tulpar.kz', password: 'own-pass-1', name: 'M' },
    })
    const result = await createAdmin(
      { db: t.db, auth: t.services.auth },
      { email: 'mod@tulpar.kz', password: 'ignored-1' },
    )
    expect(result.created).toBe(false)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'mod@tulpar.kz', password: 'own-pass-1' },
    })
    expect(login.statusCode).toBe(200)
    await expect(
      createAdmin({ db: t.db, auth: t.services.auth }, { email: 'x@tulpar.kz', password: '123' }),
    ).rejects.toThrow(/at least 6/)
  })
})
