import { describe, expect, test } from 'vitest'
import type { Database } from './client.ts'
import { warnWithoutAutovacuum } from './prepare.ts'

/** A database whose server answers `autovacuum` with `setting` (null: embedded, no pool). */
function databaseWith(setting: string | null) {
  const asked: string[] = []
  const pool = {
    query: async (text: string) => {
      asked.push(text)
      return { rows: [{ v: setting }] }
    },
  }
  return { database: { pool: setting === null ? null : pool } as unknown as Database, asked }
}

function logOf() {
  const warned: string[] = []
  return { warned, log: { info() {}, warn: (_obj: object, msg: string) => void warned.push(msg) } }
}

describe('the start-up warning about autovacuum', () => {
  test('warns once, with where to read why, when the server has it off', async () => {
    const { database } = databaseWith('off')
    const { warned, log } = logOf()
    expect(await warnWithoutAutovacuum(database, log)).toBe(true)
    expect(warned).toEqual([expect.stringContaining('Autovacuum stays on')])
  })

  test('says nothing when it is on, and asks PGlite nothing', async () => {
    const on = databaseWith('on')
    const { warned, log } = logOf()
    expect(await warnWithoutAutovacuum(on.database, log)).toBe(false)
    expect(on.asked).toHaveLength(1)
    const embedded = databaseWith(null)
    expect(await warnWithoutAutovacuum(embedded.database, log)).toBe(false)
    expect(embedded.asked).toEqual([])
    expect(warned).toEqual([])
  })
})
