import { pino } from 'pino'
import { buildApi } from './app.ts'
import { loadConfig } from './config.ts'
import { startRuntime } from './runtime.ts'

/* The API alone, without the web app: config -> runtime -> buildApi -> listen -> graceful close. */
const config = loadConfig()
const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] })
const runtime = await startRuntime(config, logger)
const app = await buildApi({
  config,
  database: runtime.database,
  services: runtime.services,
  limiter: runtime.limiter,
  logger,
})
app.addHook('onClose', () => runtime.close())
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down')
    void app.close().then(() => process.exit(0))
  })
}
await app.listen({ port: config.port, host: config.host })
