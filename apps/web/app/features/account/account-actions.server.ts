import type { Services } from '@tulpar/api'
import { type Locale, type Profile, UpdateProfileBody } from '@tulpar/contracts'
import { LOCALES } from '@tulpar/contracts/constants'
import { cleanPhone, normaliseKzPhone } from '@tulpar/contracts/phone'
import { serviceErrorCode } from '../../lib/service-errors.ts'
import { type AccountActionResult, NOTIFY_FIELDS, PHOTO_MAX_BYTES, type ProfileErrors } from './account-action.ts'

type SessionUser = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>
type Answer = { result: AccountActionResult; status: number; language?: Locale }

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value)

/**
 * The profile form as the API's update body, checked by the same contract as PATCH /profiles/update/.
 * A name or phone that was set cannot be emptied; the phone is read in any common Kazakh format.
 */
export function parseProfileForm(
  form: FormData,
  saved: Pick<Profile, 'full_name' | 'phone'>,
): { body: UpdateProfileBody; errors: ProfileErrors; values: Record<string, string> } {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const values: Record<string, string> = {}
  for (const name of ['full_name', 'phone', 'city', 'language']) values[name] = text(name)
  for (const name of NOTIFY_FIELDS) values[name] = form.has(name) ? 'on' : 'off'

  const errors: ProfileErrors = {}
  const body: UpdateProfileBody = {}
  const name = values.full_name?.trim() ?? ''
  if (name) body.full_name = name
  else if (saved.full_name) errors.full_name = 'validation.required'

  const phone = values.phone ?? ''
  if (cleanPhone(phone)) {
    const e164 = normaliseKzPhone(phone)
    if (!e164) errors.phone = 'validation.phone'
    else if (e164 !== saved.phone) body.phone = e164
  } else if (saved.phone) errors.phone = 'validation.phone'

  const city = values.city ?? ''
  if (city === '') body.city = null
  else if (/^\d{1,9}$/.test(city)) body.city = Number(city)
  else errors.city = 'error.validation.failed'

  const language = values.language ?? ''
  if (isLocale(language)) body.language = language
  else errors.language = 'error.validation.failed'

  for (const field of NOTIFY_FIELDS) body[field] = values[field] === 'on'

  // The same contract as the REST call (lengths, ranges).
  const checked = UpdateProfileBody.safeParse(body)
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0]
      if (field === 'full_name' || field === 'phone' || field === 'city' || field === 'language') {
        errors[field] ??= 'error.validation.failed'
      }
    }
  }
  return { body: checked.success ? checked.data : body, errors, values }
}

/** Saves the profile form through the same use case as PATCH /profiles/update/ (owner only). */
export async function saveProfileForm(
  services: Pick<Services, 'profiles'>,
  user: SessionUser,
  form: FormData,
): Promise<Answer> {
  const [profile] = await services.profiles.listMyProfiles(user)
  if (!profile) return { result: failedProfile('generic.failed', {}, {}), status: 404 }
  const { body, errors, values } = parseProfileForm(form, profile)
  if (Object.keys(errors).length > 0) {
    return { result: failedProfile('error.validation.failed', errors, values), status: 400 }
  }
  try {
    const saved = await services.profiles.updateProfile(user, profile.id, body)
    return {
      result: {
        intent: 'profile',
        ok: true,
        language: saved.language,
        ...(saved.city !== profile.city ? { city: saved.city } : {}),
      },
      status: 200,
      language: saved.language,
    }
  } catch (error) {
    const code = serviceErrorCode(error)
    if (code === 'profile.phone_in_use') {
      const message = 'account.error.phoneInUse'
      return { result: failedProfile(message, { phone: message }, values), status: 409 }
    }
    if (code === 'phone.invalid') {
      return { result: failedProfile('validation.phone', { phone: 'validation.phone' }, values), status: 400 }
    }
    if (code === 'validation.failed') {
      return {
        result: failedProfile('error.validation.failed', { city: 'error.validation.failed' }, values),
        status: 400,
      }
    }
    throw error
  }
}

function failedProfile(
  message: Extract<AccountActionResult, { intent: 'profile'; ok: false }>['message'],
  errors: ProfileErrors,
  values: Record<string, string>,
): AccountActionResult {
  return { intent: 'profile', ok: false, message, errors, values }
}

/** Room for the multipart framing around the image itself. */
const MULTIPART_SLACK = 64 * 1024

/**
 * The photo form (multipart): the same use case as PUT /profiles/photo/ (decoded, turned upright, EXIF and GPS
 * removed, resized). The size is checked before the body is read, so an oversized upload is never buffered.
 */
type PhotoMessage =
  | 'account2.photo.required'
  | 'account2.photo.invalid'
  | 'account2.photo.tooLarge'
  | 'account2.photo.tooManyPixels'

/** The image intake's refusals (the API's codes) as the account page says them. */
const PHOTO_REFUSALS: Record<string, { message: PhotoMessage; status: number }> = {
  'photo.invalid': { message: 'account2.photo.invalid', status: 400 },
  'photo.not_image': { message: 'account2.photo.invalid', status: 415 },
  'photo.too_large': { message: 'account2.photo.tooLarge', status: 413 },
  'photo.too_many_pixels': { message: 'account2.photo.tooManyPixels', status: 413 },
}

export async function saveProfilePhoto(
  services: Pick<Services, 'profiles'>,
  user: SessionUser,
  request: Request,
): Promise<Answer> {
  const photoFailed = (message: PhotoMessage) => ({ intent: 'photo', ok: false, message }) as const
  const length = Number(request.headers.get('content-length') ?? Number.NaN)
  if (!Number.isFinite(length) || length > PHOTO_MAX_BYTES + MULTIPART_SLACK) {
    return { result: photoFailed('account2.photo.tooLarge'), status: 413 }
  }
  let file: FormDataEntryValue | null
  try {
    file = (await request.formData()).get('photo')
  } catch {
    return { result: photoFailed('account2.photo.invalid'), status: 400 }
  }
  if (!(file instanceof Blob) || file.size === 0) return { result: photoFailed('account2.photo.required'), status: 400 }
  if (file.size > PHOTO_MAX_BYTES) return { result: photoFailed('account2.photo.tooLarge'), status: 413 }
  try {
    await services.profiles.setPhoto(user, Buffer.from(await file.arrayBuffer()))
  } catch (error) {
    const refused = PHOTO_REFUSALS[serviceErrorCode(error) ?? '']
    if (refused) return { result: photoFailed(refused.message), status: refused.status }
    throw error
  }
  return { result: { intent: 'photo', ok: true }, status: 200 }
}
