import { randomBytes } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../../db/client.ts'
import { createStaffAccount } from './admin.ts'
import type { Auth } from './auth.ts'

export interface DemoStaff {
  moderator: { email: string; password: string }
  admin: { email: string; password: string }
}

export const DEMO_STAFF_FILE = 'demo-staff.json'

/**
 * The embedded demo's way into /admin: on its first start a moderator and an admin with generated passwords,
 * kept in `{dataDir}/demo-staff.json` (readable by the owner only) and told once through `log`. Later starts
 * find the file and do nothing. Answers the accounts when it made them, else null.
 */
export async function ensureDemoStaff(
  deps: { db: Db; auth: Auth },
  dataDir: string,
  log: { warn(message: string): void },
): Promise<DemoStaff | null> {
  const file = join(dataDir, DEMO_STAFF_FILE)
  if (existsSync(file)) return null
  const password = () => randomBytes(12).toString('base64url')
  const staff: DemoStaff = {
    moderator: { email: 'moderator@demo.tulpar.kz', password: password() },
    admin: { email: 'admin@demo.tulpar.kz', password: password() },
  }
  await createStaffAccount(deps, { ...staff.moderator, name: 'Demo moderator', role: 'moderator' })
  await createStaffAccount(deps, { ...staff.admin, name: 'Demo admin', role: 'admin' })
  writeFileSync(file, `${JSON.stringify(staff, null, 2)}\n`, { mode: 0o600 })
  log.warn(
    `Demo back office at /admin: moderator ${staff.moderator.email} / ${staff.moderator.password}, ` +
      `admin ${staff.admin.email} / ${staff.admin.password} (kept in ${file}; shown only this once)`,
  )
  return staff
}
