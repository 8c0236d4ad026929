/* The public surface of @tulpar/api: what the web server and tests may import. */
export { type BuildApiOptions, buildApi } from './app.ts'
export { type Config, ConfigError, loadConfig } from './config.ts'
export { type Database, DatabaseLockedError, type Db, openDatabase } from './db/client.ts'
export { AppError, FieldValidationError, NotFoundError } from './lib/errors.ts'
export { createLogger } from './lib/logger.ts'
export { ListingNotFoundError } from './modules/listings/index.ts'
export { type Runtime, startRuntime } from './runtime.ts'
export { createServices, type Services } from './services.ts'
