import type { Services } from '@tulpar/api'
import type { Locale } from '@tulpar/contracts'
import { DEALER_LOGO_MAX_BYTES } from '@tulpar/contracts/seller-constants'
import type { MessageKey } from '../../i18n/i18n.ts'
import { formOutcome } from '../../lib/service-errors.ts'
import { dealerErrorKey } from './dealer-errors.ts'

type SessionUser = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>

/** The logo form's answer: done, or its translated refusal (shown under the file field of that dealer's form). */
export type LogoFormResult = { ok: true; done: MessageKey } | { ok: false; dealerId: number; error: MessageKey }

/** The image intake's refusals (the API's codes) as the logo form says them. */
const LOGO_REFUSALS: Record<string, MessageKey> = {
  'photo.invalid': 'dealer.logo.invalid',
  'photo.not_image': 'dealer.logo.notImage',
  'photo.too_large': 'dealer.logo.tooLarge',
  'photo.too_many_pixels': 'dealer.logo.tooManyPixels',
  'photo.too_small': 'dealer.logo.tooSmall',
}
const logoErrorKey = (code: string) => LOGO_REFUSALS[code] ?? dealerErrorKey(code)

/** Room for the multipart framing around the image itself. */
const MULTIPART_SLACK = 64 * 1024

/** Whether the request is the logo form's upload (the page's other forms are urlencoded). */
export const isLogoUpload = (request: Request) =>
  (request.headers.get('content-type') ?? '').startsWith('multipart/form-data')

/**
 * The logo form (multipart, posted to `?dealer={id}`): the same use case as PUT /api/dealers/{id}/logo/. The size is checked before the body is
 * read, so an oversized upload is never buffered; whether the file is a PNG, JPEG or WebP the intake decides from
 * its bytes.
 */
export async function uploadLogo(
  services: Pick<Services, 'dealers'>,
  user: SessionUser,
  dealerId: number,
  request: Request,
  locale: Locale,
): Promise<{ result: LogoFormResult; status: number }> {
  const length = Number(request.headers.get('content-length') ?? Number.NaN)
  const failed = (error: MessageKey, status: number) => ({ result: { ok: false, dealerId, error } as const, status })
  if (!Number.isFinite(length) || length > DEALER_LOGO_MAX_BYTES + MULTIPART_SLACK)
    return failed('dealer.logo.tooLarge', 413)
  let file: FormDataEntryValue | null
  try {
    file = (await request.formData()).get('logo')
  } catch {
    return failed('dealer.logo.invalid', 400)
  }
  if (!(file instanceof Blob) || file.size === 0) return failed('dealer.logo.required', 400)
  if (file.size > DEALER_LOGO_MAX_BYTES) return failed('dealer.logo.tooLarge', 413)
  const image = Buffer.from(await file.arrayBuffer())
  const out = await formOutcome(services.dealers.setLogo(user, dealerId, image, locale), logoErrorKey)
  return out.ok ? { result: { ok: true, done: 'dealer.logo.saved' }, status: 200 } : failed(out.error, out.status)
}

/** The logo form's Remove button. */
export async function removeLogo(
  services: Pick<Services, 'dealers'>,
  user: SessionUser,
  dealerId: number,
  locale: Locale,
): Promise<{ result: LogoFormResult; status: number }> {
  const out = await formOutcome(services.dealers.removeLogo(user, dealerId, locale), dealerErrorKey)
  return out.ok
    ? { result: { ok: true, done: 'dealer.logo.removed' }, status: 200 }
    : { result: { ok: false, dealerId, error: out.error }, status: out.status }
}
