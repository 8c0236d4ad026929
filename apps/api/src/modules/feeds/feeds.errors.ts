import type { FeedRefusalCode } from '@tulpar/contracts'
import { AppError, notFoundByIdError } from '../../lib/errors.ts'

/**
 * A whole feed refused before any car of it is looked at or applied: too large, too many cars, an encoding we do not
 * read, not a feed, an XML document type or a broken file. `params` fill the translated text (feeds.texts.ts).
 */
export class FeedRefusedError extends AppError {
  readonly refusal: FeedRefusalCode
  readonly params: Record<string, string | number>
  constructor(code: FeedRefusalCode, detail: string, params: Record<string, string | number> = {}) {
    super(code, code === 'feed.too_large' ? 413 : 422, detail)
    this.refusal = code
    this.params = params
  }
}

export class FeedImportNotFoundError extends notFoundByIdError<number>('feed.import_not_found', 'Feed import') {}

/** Only a dry run waiting for a decision can be applied or discarded (a second apply of one import is refused). */
export class FeedImportClosedError extends AppError {
  constructor(status: string) {
    super('feed.import_closed', 409, `This import is ${status}: only a dry run can be applied or discarded`)
  }
}

/** Only a verified dealer sells: its feed may be read and checked, not applied. */
export class FeedDealerNotVerifiedError extends AppError {
  constructor(id: number) {
    super('dealer.not_verified', 409, `Dealer ${id} is not verified: its feed cannot be applied yet`)
  }
}

/** A feed upload whose body is not a file (JSON, a form): the same 415 Fastify answers for a type it has no parser for. */
export class FeedBodyTypeError extends AppError {
  constructor() {
    super('fst_err_ctp_invalid_media_type', 415, 'Send the feed file itself as the body, as CSV or XML')
  }
}

/** The feed URL is the owner's to set or remove (a manager loads files and fetches it, but does not move it). */
export class FeedOwnerOnlyError extends AppError {
  constructor() {
    super('dealer.owner_only', 403, "Only the dealer's owner may set the feed URL")
  }
}

/** "Fetch now" of a dealer without a feed URL. */
export class FeedSourceMissingError extends AppError {
  constructor(dealerId: number) {
    super('feed.no_url', 409, `Dealer ${dealerId} has no feed URL`)
  }
}
