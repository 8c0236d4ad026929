import type { Services } from '@tulpar/api'
import { type FieldStep, SaveStepBody } from '@tulpar/contracts'
import { data, redirect } from 'react-router'
import { parseId } from '../../lib/id-param.ts'
import { fieldErrorsOf, serviceErrorCode } from '../../lib/service-errors.ts'
import { requireUser } from '../account/index.server.ts'
import { type FieldMessages, fieldMessages, stepBody } from './form-data.ts'

/** The signed-in user and their listing (a 404 for anyone else's, as the API answers). */
export async function loadOwnListing(services: Services, request: Request, rawId: string) {
  const user = await requireUser(services.sessions, request, `/create-auto/${rawId}`)
  const id = parseId(rawId)
  if (id === null) throw data(null, { status: 404 })
  try {
    const listing = await services.selling.getSellerListing(user, id)
    // Sold and archived listings can only be deleted, from my listings.
    if (listing.status === 'sold' || listing.status === 'archived') throw redirect('/account/listings')
    return { user, listing }
  } catch (error) {
    if (serviceErrorCode(error) === 'listing.not_found') throw data(null, { status: 404 })
    throw error
  }
}

type User = Awaited<ReturnType<typeof loadOwnListing>>['user']

/** Saves one step from its form values; null when saved, else the field messages. */
export async function saveStepFromForm(
  services: Services,
  user: User,
  id: number,
  step: FieldStep,
  values: Record<string, string | string[]>,
): Promise<FieldMessages | null> {
  const parsed = SaveStepBody.safeParse(stepBody(step, values))
  if (!parsed.success) {
    return fieldMessages(parsed.error.issues.map((i) => ({ field: `body.${i.path.join('.')}`, code: i.code })))
  }
  try {
    await services.selling.saveStep(user, id, parsed.data)
    return null
  } catch (error) {
    const errors = fieldErrorsOf(error)
    if (errors) return fieldMessages(errors)
    throw error
  }
}

/**
 * Sends the listing to moderation; null when sent (or already under review: a second click or an old tab),
 * `phone_not_confirmed` when the contact phone still needs its SMS code, else the API's field errors.
 */
export async function publishFromForm(services: Services, user: User, id: number) {
  try {
    await services.selling.publish(user, id)
    return null
  } catch (error) {
    if (serviceErrorCode(error) === 'listing.invalid_status') return null
    if (serviceErrorCode(error) === 'selling.phone_not_confirmed') return 'phone_not_confirmed' as const
    const errors = fieldErrorsOf(error)
    if (errors) return errors
    throw error
  }
}
