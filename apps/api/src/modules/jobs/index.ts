export {
  createJobQueue,
  installJobQueues,
  type JobHandler,
  type JobQueue,
  type JobSender,
  QUEUES,
  type SendOptions,
} from './jobs.queue.ts'
export { deliverOnce, pruneReceipts } from './jobs.receipts.ts'
export { jobReceipts } from './jobs.tables.ts'
export type { Alert, JobName, JobPayloads } from './jobs.types.ts'
