import { AppError } from '../../lib/errors.ts'

/** The setting a document is made from is not set (ANDROID_CERT_SHA256, APPLE_TEAM_ID): the site claims no app. */
export class AppLinksNotConfiguredError extends AppError {
  constructor(file: string) {
    super('app_links.not_configured', 404, `${file} is not configured`)
  }
}
