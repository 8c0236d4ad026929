import type { Db } from './db/client.ts'
import { createCompanyService } from './modules/company/index.ts'
import { createListingsService } from './modules/listings/index.ts'
import { createReferenceService } from './modules/reference/index.ts'

/** Every use case of the product, wired by hand. REST routes and web loaders call the same functions. */
export function createServices({ db }: { db: Db }) {
  const reference = createReferenceService({ db })
  const company = createCompanyService({ db })
  const listings = createListingsService({ db, reference })
  return { reference, company, listings }
}
export type Services = ReturnType<typeof createServices>
