import { describe, expect, test } from 'vitest'
import { useAccounts, useTestApp } from '../../testing/suite.ts'
import { createAdmin } from '../identity/index.ts'

/* Issue 10, item 10: every role change goes through the product's rules and is recorded (who, what, when). */
const t = useTestApp()
const { admin, moderator, plain } = useAccounts(t, {
  admin: { email: 'chief@tulpar.kz', name: 'Админ Дана', role: 'admin' },
  moderator: { email: 'moder2@tulpar.kz', name: 'Модератор Нурлан', role: 'moderator' },
  plain: { email: 'buyer2@example.kz', name: 'Покупатель Асель' },
})

const setRoleVia = (id: string, role: string, auth: Record<string, string>) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/role/`, payload: { role }, headers: auth })
const history = (id: string, auth: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/admin/users/${id}/role-changes/`, headers: auth })

describe('role changes are recorded', () => {
  test('an admin gives and takes the moderator role: both changes list who made them, newest first', async () => {
    expect((await setRoleVia(plain.id, 'moderator', admin.auth)).statusCode).toBe(200)
    expect((await setRoleVia(plain.id, 'user', admin.auth)).statusCode).toBe(200)
    // Setting the role it already has changes nothing and records nothing.
    expect((await setRoleVia(plain.id, 'user', admin.auth)).statusCode).toBe(200)
    const res = await history(plain.id, admin.auth)
    expect(res.statusCode).toBe(200)
    const changes = res.json().results
    expect(changes).toHaveLength(2)
    expect(changes[0]).toMatchObject({
      fromRole: 'moderator',
      toRole: 'user',
      via: 'back_office',
      changedBy: { id: admin.id, name: 'Админ Дана', email: 'chief@tulpar.kz' },
    })
    expect(changes[1]).toMatchObject({ fromRole: 'user', toRole: 'moderator', changedBy: { id: admin.id } })
    expect(Date.parse(changes[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(changes[1].createdAt))
  })

  test('refused changes (own role, an admin, by a moderator) record nothing', async () => {
    expect((await setRoleVia(admin.id, 'user', admin.auth)).statusCode).toBe(403)
    expect((await setRoleVia(plain.id, 'moderator', moderator.auth)).statusCode).toBe(403)
    expect((await history(admin.id, admin.auth)).json().results).toEqual([])
  })

  test('the server command that makes admins is recorded too, without an admin', async () => {
    await createAdmin({ db: t.db, auth: t.services.auth }, { email: 'moder2@tulpar.kz', password: 'ignored-1' })
    const [change] = (await history(moderator.id, admin.auth)).json().results
    expect(change).toMatchObject({ fromRole: 'moderator', toRole: 'admin', via: 'command', changedBy: null })
  })

  test('only admins read the history', async () => {
    expect((await history(plain.id)).statusCode).toBe(401)
    expect((await history(plain.id, plain.auth)).statusCode).toBe(403)
    expect((await history('no-such-user', admin.auth)).statusCode).toBe(404)
  })
})
