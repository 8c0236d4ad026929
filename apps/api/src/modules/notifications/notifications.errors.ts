import { AppError, fixedError } from '../../lib/errors.ts'

export class UnsubscribeLinkError extends fixedError(
  'unsubscribe.invalid',
  400,
  'This unsubscribe link is not valid',
) {}

/** A push subscription whose endpoint is not one of the known push services (or not https on its default port). */
export class PushEndpointNotAllowedError extends AppError {
  constructor() {
    super('push.endpoint_not_allowed', 400, "This browser's push service is not one we send notifications through")
  }
}
