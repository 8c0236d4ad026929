import { scryptSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { DEMO_PASSWORD, hashPassword, verifyPassword } from './password.ts'

describe('password hashes (better-auth format)', () => {
  test('hash then verify', async () => {
    const hash = await hashPassword(DEMO_PASSWORD)
    expect(await verifyPassword({ hash, password: DEMO_PASSWORD })).toBe(true)
  })

  test('a wrong password fails', async () => {
    const hash = await hashPassword(DEMO_PASSWORD)
    expect(await verifyPassword({ hash, password: 'tulpar-demo-2025' })).toBe(false)
    expect(await verifyPassword({ hash: 'garbage', password: DEMO_PASSWORD })).toBe(false)
  })

  test('format is saltHex:keyHex with a 16-byte salt and a 64-byte key; salts differ', async () => {
    const a = await hashPassword('x')
    const b = await hashPassword('x')
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(a).not.toBe(b)
  })

  test('the key is scrypt over the NFKC password with the salt hex string as salt', async () => {
    const hash = await hashPassword('ﬁ-Café')
    const [salt, key] = hash.split(':') as [string, string]
    const expected = scryptSync('ﬁ-Café'.normalize('NFKC'), salt, 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 128 * 16384 * 16 * 2,
    })
    expect(key).toBe(expected.toString('hex'))
    expect(await verifyPassword({ hash, password: 'fi-Café' })).toBe(true)
  })
})
