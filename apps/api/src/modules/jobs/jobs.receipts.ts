import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobReceipts } from './jobs.tables.ts'

/**
 * Runs `deliver` once per `key`: the receipt and the delivery's own rows commit together, so a job retried
 * after its process died (or after it timed out while the first run was still finishing) delivers nothing
 * twice. Returns false when the key was already delivered.
 */
export async function deliverOnce(db: Db, key: string, deliver: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(jobReceipts)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: jobReceipts.key })
    if (inserted.length === 0) return false
    await deliver(tx)
    return true
  })
}

/** Forgets receipts older than `days` (their jobs are long settled). */
export async function pruneReceipts(db: Db, days: number): Promise<void> {
  await db.execute(sql`delete from job_receipts where delivered_at < now() - make_interval(days => ${days})`)
}
