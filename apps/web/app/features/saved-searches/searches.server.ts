import type { Services } from '@tulpar/api'
import { ListingSearchQuery, type Locale, SAVED_SEARCH_ALERTS, SAVED_SEARCHES_LIMIT } from '@tulpar/contracts'
import { CATALOGUE_FILTER_KEYS } from '@tulpar/contracts/constants'
import type { MessageKey } from '../../i18n/i18n.ts'
import { parseId } from '../../lib/id-param.ts'
import { serviceErrorCode } from '../../lib/service-errors.ts'

type SessionUser = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>

type SearchIntent = 'create' | 'rename' | 'alerts' | 'delete'
export type SearchActionResult =
  | { ok: true; intent: SearchIntent; message: MessageKey; id: number }
  | { ok: false; intent: SearchIntent | null; message: MessageKey; params?: Record<string, number>; id?: number }

const INTENTS = new Set<string>(['create', 'rename', 'alerts', 'delete'])
const ALERTS = new Set<string>(SAVED_SEARCH_ALERTS)

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/** The saved search's id from the form (a positive integer), or null. */
function idOf(form: FormData): number | null {
  return parseId(text(form, 'id'))
}

/** The catalogue filters posted by "Save this search", checked by the same contract as the catalogue. */
function filtersFromForm(form: FormData): ListingSearchQuery | null {
  const values: Record<string, string> = {}
  for (const key of CATALOGUE_FILTER_KEYS) {
    const value = text(form, key)
    if (value) values[key] = value
  }
  const parsed = ListingSearchQuery.safeParse(values)
  return parsed.success ? parsed.data : null
}

/**
 * The /account/searches action: create (from the catalogue), rename, alerts, delete. Answers a translated
 * message; another user's search is "not found" like one that does not exist.
 */
export async function runSearchAction(
  services: Services,
  user: SessionUser,
  form: FormData,
  locale: Locale,
): Promise<{ result: SearchActionResult; status: number }> {
  const intent = text(form, 'intent')
  if (!INTENTS.has(intent))
    return { result: { ok: false, intent: null, message: 'error.validation.failed' }, status: 400 }
  const kind = intent as SearchIntent
  const fail = (message: MessageKey, status: number, params?: Record<string, number>) => ({
    result: { ok: false as const, intent: kind, message, ...(params ? { params } : {}) },
    status,
  })
  try {
    if (kind === 'create') {
      const filters = filtersFromForm(form)
      if (!filters) return fail('error.validation.failed', 400)
      const saved = await services.savedSearches.createSavedSearch(user, { filters, alerts: 'daily' }, locale)
      return { result: { ok: true, intent: kind, message: 'searches.saved', id: saved.id }, status: 200 }
    }
    const id = idOf(form)
    if (id === null) return fail('searches.error.notFound', 404)
    if (kind === 'delete') {
      await services.savedSearches.deleteSavedSearch(user, id)
      return { result: { ok: true, intent: kind, message: 'searches.deleted', id }, status: 200 }
    }
    if (kind === 'rename') {
      const name = text(form, 'name')
      if (name.length < 1 || name.length > 80)
        return {
          ...fail('searches.error.name', 400),
          result: { ok: false, intent: kind, message: 'searches.error.name', id },
        }
      await services.savedSearches.updateSavedSearch(user, id, { name })
      return { result: { ok: true, intent: kind, message: 'searches.updated', id }, status: 200 }
    }
    const alerts = text(form, 'alerts')
    if (!ALERTS.has(alerts)) return fail('error.validation.failed', 400)
    await services.savedSearches.updateSavedSearch(user, id, { alerts: alerts as (typeof SAVED_SEARCH_ALERTS)[number] })
    return { result: { ok: true, intent: kind, message: 'searches.updated', id }, status: 200 }
  } catch (error) {
    const code = serviceErrorCode(error)
    if (code === 'saved_search.limit') return fail('searches.error.limit', 409, { limit: SAVED_SEARCHES_LIMIT })
    if (code === 'saved_search.not_found') return fail('searches.error.notFound', 404)
    if (code === 'validation.failed' || code === 'saved_search.unknown_place')
      return fail('error.validation.failed', 400)
    throw error
  }
}
