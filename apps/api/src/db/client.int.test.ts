import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { DatabaseLockedError, openDatabase } from './client.ts'

describe('the embedded database', () => {
  test('a second opener of the same data folder fails with a clear message instead of corrupting it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tulpar-lock-'))
    const first = await openDatabase({ url: null, dataDir: dir })
    try {
      // Another live process holds the lock (our parent stands in for it).
      writeFileSync(join(dir, 'pglite.lock'), String(process.ppid))
      await expect(openDatabase({ url: null, dataDir: dir })).rejects.toThrowError(DatabaseLockedError)
      await expect(openDatabase({ url: null, dataDir: dir })).rejects.toThrowError(/in use by process/)
    } finally {
      writeFileSync(join(dir, 'pglite.lock'), String(process.pid))
      await first.close()
    }
  })

  test('a lock left by a dead process is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tulpar-lock-'))
    writeFileSync(join(dir, 'pglite.lock'), '999999')
    const database = await openDatabase({ url: null, dataDir: dir })
    await database.ping()
    await database.close()
  })
})

const postgresUrl = process.env.TEST_DATABASE_URL
describe.skipIf(!postgresUrl)('a PostgreSQL pool (TEST_DATABASE_URL)', () => {
  /** A query on a pool of one connection while another holds it, released after `holdMs`. */
  async function queryWhileHeld(connectTimeoutMs: number | undefined, holdMs: number) {
    const database = await openDatabase({ url: postgresUrl ?? '', poolSize: 1, connectTimeoutMs })
    const pool = database.pool
    if (!pool) throw new Error('a PostgreSQL database without a pool')
    const held = await pool.connect()
    let released = false
    const release = () => {
      if (!released) held.release()
      released = true
    }
    const timer = setTimeout(release, holdMs)
    try {
      return await pool.query('select 1 as one').then((r) => r.rows[0])
    } finally {
      clearTimeout(timer)
      release()
      await database.close()
    }
  }

  test('a query waits for a connection no longer than the pool allows', async () => {
    await expect(queryWhileHeld(150, 2_000)).rejects.toThrowError(/timeout exceeded when trying to connect/)
  })

  test('a bulk tool that allows longer gets the connection when it is free', async () => {
    await expect(queryWhileHeld(10_000, 300)).resolves.toEqual({ one: 1 })
  })
})
