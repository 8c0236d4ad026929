import { parseArgs } from 'node:util'
import { loadConfig } from './config.ts'
import { openConfiguredDatabase } from './db/client.ts'
import { recordAudit } from './modules/audit/index.ts'
import { createDelivery } from './modules/delivery/index.ts'
import { createAdmin, createAuth } from './modules/identity/index.ts'
import { createAccountProfiles } from './modules/profiles/index.ts'

/* `npm run admin:create -- --email admin@tulpar.kz --password ...`: the first admin, on any database. */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
})
if (!values.email || !values.password) {
  console.error('Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]')
  process.exit(2)
}
const config = loadConfig()
const database = await openConfiguredDatabase(config)
try {
  await database.migrate(config.migrationsDir)
  const auth = createAuth({
    db: database.db,
    config,
    ...createDelivery(config, database.db),
    profiles: createAccountProfiles(database.db),
  })
  const result = await createAdmin(
    {
      db: database.db,
      auth,
      // The server's own change: in the audit trail with no actor (role 'system').
      onRoleChange: (tx, c) =>
        recordAudit(tx, null, {
          action: 'user.role_changed',
          targetType: 'user',
          targetId: c.userId,
          before: { role: c.fromRole },
          after: { role: c.toRole, via: c.via },
        }),
    },
    { email: values.email, password: values.password, name: values.name },
  )
  console.log(result.created ? `admin ${values.email} created` : `${values.email} is now an admin`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
