import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes in better-auth's format, so demo owners can sign in with the demo password through
 * better-auth's credential provider: `${saltHex}:${keyHex}` where the key is scrypt(password NFKC, salt as
 * its hex string, 64 bytes, N 16384, r 16, p 1).
 */

const PARAMS = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 }
const KEY_LENGTH = 64

/** The password of every demo owner account. */
export const DEMO_PASSWORD = 'tulpar-demo-2026'

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex')
  const key = await deriveKey(password, salt)
  return `${salt}:${key.toString('hex')}`
}

/** Same signature as better-auth's `verifyPassword({ hash, password })`. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, keyHex] = hash.split(':')
  if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex)) return false
  const expected = Buffer.from(keyHex, 'hex')
  if (expected.length !== KEY_LENGTH) return false
  const key = await deriveKey(password, salt)
  return timingSafeEqual(key, expected)
}
