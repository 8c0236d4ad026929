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
