import { parseArgs } from 'node:util'
import { loadConfig } from '../../config.ts'
import { createProgress } from '../../lib/progress.ts'
import { createLocalDiskStorage } from '../../modules/media/index.ts'
import { openConfiguredDatabase } from '../client.ts'
import { SEED_STAGE_NAMES, seedDemo } from './demo/index.ts'
import { seedReference } from './seed-reference.ts'

/*
 * `npm run db:seed -- --listings N [--seed S] [--no-photos]`: loads reference data (once) and adds N demo
 * listings with their owners, photos (generated illustrations), price history and inspection reports.
 */
const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '2026' },
    'no-photos': { type: 'boolean', default: false },
  },
})
const listings = Number(values.listings)
if (!Number.isInteger(listings) || listings < 0) {
  console.error('--listings must be a whole number')
  process.exit(2)
}
const config = loadConfig()
// An operator's bulk load of any size: its statements are not bounded as the app's are (db/client.ts).
const database = await openConfiguredDatabase(config, { statementTimeoutMs: 0 })
try {
  await database.migrate(config.migrationsDir)
  const ref = await seedReference(database.db)
  console.log(ref.inserted ? 'reference data loaded' : 'reference data already present')
  // A bar on a terminal, a line every few seconds elsewhere (lib/progress.ts).
  const progress = createProgress({ stream: process.stdout, title: 'Demo data', log: (line) => console.log(line) })
  const result = await seedDemo(database, {
    listings,
    seed: Number(values.seed),
    media: values['no-photos'] ? null : createLocalDiskStorage(config.mediaDir),
    onProgress: (_message, step) =>
      progress.update(SEED_STAGE_NAMES[step.stage], step.done, step.total, step.detail ? `(${step.detail})` : ''),
  })
  progress.end()
  console.log(JSON.stringify(result))
} finally {
  await database.close()
}
