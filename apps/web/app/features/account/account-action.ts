import type { Locale } from '@tulpar/contracts'
import type { MessageKey } from '../../i18n/i18n.ts'

/*
 * The /account action's answers, shared by the server (account-actions.server.ts) and the forms. The profile
 * and photo forms post to the route's action, so they work without JavaScript too.
 */

type ProfileField = 'full_name' | 'phone' | 'city' | 'language'
export type ProfileErrors = Partial<Record<ProfileField, MessageKey>>

export type AccountActionResult =
  /** `city` is the saved "my city" when this save changed it (it then becomes the current city), else undefined. */
  | { intent: 'profile'; ok: true; language: Locale; city?: number | null }
  | {
      intent: 'profile'
      ok: false
      message: MessageKey
      errors: ProfileErrors
      /** What was sent, so a page rendered without JavaScript shows the user's input again. */
      values: Record<string, string>
    }
  | { intent: 'photo'; ok: true }
  | { intent: 'photo'; ok: false; message: MessageKey }

/** The API's limit for a profile photo (PUT /api/profiles/photo/ answers 413 above it). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'

export const NOTIFY_FIELDS = ['notify_promotions', 'notify_news', 'notify_price_changes'] as const
