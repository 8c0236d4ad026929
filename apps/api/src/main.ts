import { buildApi } from './app.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './lib/logger.ts'
import { startRuntime } from './runtime.ts'

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
app.addHook('onClose', () => runtime.close())
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down')
    void app.close().then(() => process.exit(0))
  })
}
await app.listen({ port: config.port, host: config.host })
