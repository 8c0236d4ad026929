import { buildApi } from './app.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './lib/logger.ts'
import { startRuntime } from './runtime.ts'
import { listenUntilSignalled } from './shutdown.ts'

/* The API alone, without the web app: config -> runtime -> buildApi -> listen -> graceful close. */
const config = loadConfig()
const logger = createLogger({ level: config.logLevel, readable: process.stdout.isTTY === true })
const runtime = await startRuntime(config, logger)
const app = await buildApi({
  config,
  database: runtime.database,
  services: runtime.services,
  limiter: runtime.limiter,
  logger,
  metrics: config.metrics && { ...config.metrics, jobs: runtime.jobs },
})
// SIGTERM drains: requests in flight finish (bounded), live streams get a reconnect hint, then workers and pools close.
await listenUntilSignalled(app, runtime, config)
