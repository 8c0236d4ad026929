import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { isReplicaOutage } from './replica.ts'

const sqlError = (code: string) => Object.assign(new pg.DatabaseError('replica said no', 0, 'error'), { code })
const connectError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5433`), { code })

describe('which replica errors take the replica out of the reads', () => {
  test('a replica that is restarting, refusing, ending connections or in conflict with recovery is out', () => {
    for (const code of ['57P01', '57P03', '08006', '53300', '40001', '40P01', '58030', 'XX000'])
      expect(isReplicaOutage(sqlError(code)), code).toBe(true)
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])
      expect(isReplicaOutage(connectError(code)), code).toBe(true)
    expect(isReplicaOutage(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  test("a query at fault (bad data, a constraint, a syntax error) says nothing about the replica's health", () => {
    for (const code of ['22012', '22P02', '23505', '42601', '42703', '0A000'])
      expect(isReplicaOutage(sqlError(code)), code).toBe(false)
  })
})
