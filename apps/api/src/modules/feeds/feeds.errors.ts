import type { FeedRefusalCode } from '@tulpar/contracts'
import { AppError } from '../../lib/errors.ts'

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
