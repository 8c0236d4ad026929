export { dryRunFeed } from './feeds.dry-run.ts'
