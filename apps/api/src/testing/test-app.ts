import { buildApi } from '../app.ts'
import { createServices } from '../services.ts'
import { createTestDatabase, type TestDatabase } from './test-db.ts'

/** The real API on a fresh test database; call `close()` in afterAll. */
export async function createTestApp() {
  const database: TestDatabase = await createTestDatabase()
  const services = createServices({ db: database.db })
  const app = await buildApi({
    config: { publicUrl: 'http://localhost:3000', mediaDir: '/tmp/tulpar-test-media' },
    database,
    services,
    logger: false,
  })
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    services,
    close: async () => {
      await app.close()
      await database.dispose()
    },
  }
}
