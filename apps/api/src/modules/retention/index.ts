// Retention: the hourly purges that keep what the privacy policy promises (leads, sessions, codes, logs, deleted
// accounts' data, saved-search matches, finished jobs); what they removed, for the metrics.
export { createRetention, PURGES } from './retention.jobs.ts'
export { retentionSnapshot } from './retention.metrics.ts'
