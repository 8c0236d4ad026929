import Fastify from 'fastify'

/*
 * The machine's ceiling: a bare Fastify app with one JSON route, no database, no logging. Started as its
 * own process by bench/run.ts and loaded exactly like the real server.
 */
const port = Number(process.env.PORT ?? 3307)
const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ port, host: '127.0.0.1' })
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
