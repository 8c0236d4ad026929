import { isMainThread } from 'node:worker_threads'
import { loadConfig } from '../config.ts'
import { startEmbeddedDatabase } from './embedded-start.ts'

/*
 * Preloaded by the demo's launcher (`node --import`, scripts/lib/env.sh): starts preparing the embedded database
 * in its child process before the app's modules load, so both go on at once. The server then waits for that same
 * preparation (one per process). With DATABASE_URL set it does nothing; so it does with a configuration that does
 * not parse, which the server reports itself when it loads it (with every bad key).
 */
if (isMainThread) {
  let config: ReturnType<typeof loadConfig> | null = null
  try {
    config = loadConfig()
  } catch {
    config = null
  }
  if (config && !config.databaseUrl) startEmbeddedDatabase(config)
}
