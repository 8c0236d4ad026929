export {
  createJobQueue,
  installJobQueues,
  type JobQueue,
  type JobSender,
  QUEUES,
} from './jobs.queue.ts'
export { deliverOnce, pruneReceipts } from './jobs.receipts.ts'
export { jobReceipts } from './jobs.tables.ts'
export type { Alert, JobPayloads } from './jobs.types.ts'
