import { AppError } from '../../lib/errors.ts'

export class SitemapNotFoundError extends AppError {
  constructor(name: string) {
    super('sitemap.not_found', 404, `Sitemap ${name} not found`)
  }
}
