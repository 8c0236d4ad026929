import { openDatabase } from '../db/client.ts'
import { createDelivery } from '../modules/delivery/index.ts'
import { createJobQueue } from '../modules/jobs/index.ts'
import { createNotificationsService } from '../modules/notifications/index.ts'

/*
 * One worker process on the database named by the first argument (jobs.int.test.ts runs these and kills some).
 * Modes: `work` delivers emails; `stall-before` takes a job and hangs before delivering it; `stall-after` delivers
 * and hangs before the job is marked done. Prints `took <key>` / `delivered <key>` lines.
 */
const [url, mode = 'work'] = process.argv.slice(2)
if (!url) throw new Error('usage: job-worker.ts <database url> [work|stall-before|stall-after]')
const database = await openDatabase({ url, poolSize: 2 })
const quiet = { info() {}, warn() {}, error() {} }
const jobs = createJobQueue(database, url, quiet)
const delivery = createDelivery(
  { smtpUrl: null, mailFrom: 'test <t@example.kz>', sms: { gateway: 'outbox' } },
  database.db,
)
const notifications = createNotificationsService({
  db: database.db,
  jobs,
  delivery,
  publicUrl: 'http://localhost:3000',
  secret: 'test-secret-test-secret-test-secret-1234',
  vapidPublicKey: null,
})
const forever = () => new Promise(() => undefined)
jobs.handle('email', async (data) => {
  process.stdout.write(`took ${data.key}\n`)
  if (mode === 'stall-before') await forever()
  await notifications.deliverEmail(data)
  process.stdout.write(`delivered ${data.key}\n`)
  if (mode === 'stall-after') await forever()
})
await jobs.start({ workers: true, concurrency: 4 })
process.stdout.write('ready\n')
process.on('SIGTERM', async () => {
  await jobs.stop()
  await database.close()
  process.exit(0)
})
