import type { Services } from '@tulpar/api'
import { type BrandRef, type FormModel, GARAGE_LIMIT, type GarageCandidate, type GarageList } from '@tulpar/contracts'
import { data, redirect } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { fieldErrorsOf, serviceErrorCode } from '../../lib/service-errors.ts'
import { PRIVATE_HEADERS } from '../account/index.server.ts'
import { addCarBody, editCarBody, garageValues, issuesToMessages, type Values } from './garage-form.ts'
import { type Done, GARAGE_PATH, type GarageActionResult } from './garage-result.ts'

type SessionUser = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>

export interface GaragePage {
  garage: GarageList
  candidates: GarageCandidate[]
  brands: BrandRef[]
  /** The brand chosen in the add form (`?brand=`), with its models. */
  brand: BrandRef | null
  models: FormModel[]
  /** The newest model year a car can have (next year's models are sold from the autumn). */
  yearMax: number
}

/** The garage, my listings that can join it, and the add form's choices. */
export async function loadGaragePage(services: Services, user: SessionUser, url: URL): Promise<GaragePage> {
  const { garage, reference } = services
  const asked = url.searchParams.get('brand')
  const [list, candidates, brands] = await Promise.all([
    garage.listGarage(user),
    garage.listCandidates(user),
    reference.listBrands(),
  ])
  const brand = asked && /^\d{1,9}$/.test(asked) ? (brands.find((b) => b.id === Number(asked)) ?? null) : null
  const models = brand ? await reference.listFormModels(brand.id) : []
  return {
    garage: list,
    candidates: candidates.results,
    brands,
    brand,
    models,
    yearMax: new Date().getUTCFullYear() + 1,
  }
}

const MESSAGES: Record<string, MessageKey> = {
  'garage.limit': 'garage.error.limit',
  'garage.not_found': 'garage.error.notFound',
  'listing.not_found': 'garage.error.notFound',
  'garage.sold': 'garage.error.sold',
  'garage.status_follows_listing': 'garage.error.followsListing',
  'garage.listing_incomplete': 'garage.error.incomplete',
  'listing.too_many_drafts': 'sell.error.too_many_drafts',
  rate_limited: 'garage.error.tooMany',
}

const idOf = (v: Values, name = 'id'): number | null => {
  const id = v[name]?.trim() ?? ''
  return /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null
}

/** Back to the garage at the car (its card says what was done), or at the top after a removal. */
const done = (what: Done, id?: number) =>
  redirect(`${GARAGE_PATH}?done=${what}${id ? `&car=${id}#car-${id}` : ''}`, { headers: PRIVATE_HEADERS })
const answer = (result: GarageActionResult, status: number) =>
  data<GarageActionResult>(result, { status, headers: PRIVATE_HEADERS })

/**
 * The garage page's posts (add by hand, add a listing, edit, mark sold or back, remove, sell), with or without
 * JavaScript; each calls the same use case as the REST API. A finished change redirects back (`?done=`); "sell"
 * goes on to the pre-filled listing form; failures answer the page with what went wrong.
 */
export async function runGarageAction(services: Services, user: SessionUser, form: FormData) {
  const { garage } = services
  const v = garageValues(form)
  const intent = v.intent ?? ''
  const id = idOf(v)
  try {
    switch (intent) {
      case 'add': {
        const parsed = addCarBody(v)
        if (!parsed.body) return answer({ intent, errors: parsed.errors, values: v, message: 'sell.error.check' }, 400)
        const car = await garage.addCar(user, parsed.body)
        return done('added', car.id)
      }
      case 'add-listing': {
        const listingId = idOf(v, 'listingId')
        if (listingId === null) break
        const { car } = await garage.addCarFromListing(user, listingId)
        return done('added', car.id)
      }
      case 'edit': {
        if (id === null) break
        const parsed = editCarBody(v)
        if (!parsed.body)
          return answer({ intent, id, errors: parsed.errors, values: v, message: 'sell.error.check' }, 400)
        await garage.updateCar(user, id, parsed.body)
        return done('updated', id)
      }
      case 'sold':
      case 'owned': {
        if (id === null) break
        await garage.updateCar(user, id, { status: intent })
        return done('updated', id)
      }
      case 'remove': {
        if (id === null) break
        await garage.removeCar(user, id)
        return done('removed')
      }
      case 'sell': {
        if (id === null) break
        const { listingId } = await garage.sellCar(user, id)
        return redirect(`/create-auto/${listingId}`, { headers: PRIVATE_HEADERS })
      }
    }
  } catch (error) {
    // Matched by code, not class: the server bundle may hold its own copy of the API's error classes.
    const fieldErrors = fieldErrorsOf(error)
    if (fieldErrors)
      return answer(
        {
          intent,
          ...(id !== null ? { id } : {}),
          errors: issuesToMessages(fieldErrors.map((e) => ({ path: [e.field], code: e.code }))),
          values: v,
          message: 'sell.error.check',
        },
        400,
      )
    const message = MESSAGES[serviceErrorCode(error) ?? '']
    if (!message) throw error
    const status = error instanceof Error && 'status' in error && typeof error.status === 'number' ? error.status : 400
    return answer(
      {
        intent,
        ...(id !== null ? { id } : {}),
        message,
        ...(message === 'garage.error.limit' ? { params: { limit: GARAGE_LIMIT } } : {}),
      },
      status,
    )
  }
  return answer({ intent, message: 'garage.error.notFound' }, 400)
}
