import { type Locale, type ModerationSignal, type ModerationSignalCode, SIGNAL_RULES } from '@tulpar/contracts'
import { formatDate, formatPrice } from '@tulpar/contracts/format'
import { text } from './moderation.texts.ts'
import type { SignalFacts } from './signals.repository.ts'

/** The price the listing is compared with: the market estimate when there is one, else the median. */
export function priceReference(f: SignalFacts): { kzt: number; source: 'estimate' | 'median' } | null {
  if (f.estimateKzt !== null && f.estimateKzt > 0) return { kzt: f.estimateKzt, source: 'estimate' }
  if (f.medianKzt !== null && f.medianKzt > 0 && f.comparables >= SIGNAL_RULES.minComparables)
    return { kzt: f.medianKzt, source: 'median' }
  return null
}

function isPriceLow(f: SignalFacts): boolean {
  const ref = priceReference(f)
  return ref !== null && f.priceKzt !== null && f.priceKzt < ref.kzt * SIGNAL_RULES.lowPriceRatio
}

/** Buyers complained about this listing, or staff took a listing of this seller down after complaints. */
function hasComplaints(f: SignalFacts): boolean {
  return f.openComplaints > 0 || f.takenDownListingIds.length > 0
}

/** The codes of the signals that fired, in a fixed order. */
export function triggeredSignals(f: SignalFacts): ModerationSignalCode[] {
  const codes: ModerationSignalCode[] = []
  if (f.vinListingIds.length > 0) codes.push('duplicate_vin')
  if (f.matchingPhotos > 0) codes.push('duplicate_photos')
  if (isPriceLow(f)) codes.push('low_price')
  if (f.accountAgeDays < SIGNAL_RULES.newAccountDays) codes.push('new_account')
  if (hasComplaints(f)) codes.push('complaints')
  return codes
}

const ids = (list: number[]) => list.join(', ')

/** Every check with its verdict and a sentence saying what was compared with what. */
export function explainSignals(f: SignalFacts, locale: Locale): ModerationSignal[] {
  const threshold = Math.round(SIGNAL_RULES.lowPriceRatio * 100)
  const years = { from: (f.year ?? 0) - SIGNAL_RULES.yearWindow, to: (f.year ?? 0) + SIGNAL_RULES.yearWindow }

  const vin: ModerationSignal = {
    code: 'duplicate_vin',
    triggered: f.vinListingIds.length > 0,
    relatedListingIds: f.vinListingIds,
    explanation: !f.vin
      ? text('vinMissing', locale)
      : f.vinListingIds.length > 0
        ? text('vinFound', locale, { vin: f.vin, ids: ids(f.vinListingIds) })
        : text('vinClean', locale, { vin: f.vin }),
  }

  const photos: ModerationSignal = {
    code: 'duplicate_photos',
    triggered: f.matchingPhotos > 0,
    relatedListingIds: f.photoListingIds,
    explanation:
      f.uploadedPhotos === 0
        ? text('photosNone', locale)
        : f.matchingPhotos > 0
          ? text('photosFound', locale, { count: f.matchingPhotos, ids: ids(f.photoListingIds) })
          : text('photosClean', locale, { count: f.uploadedPhotos }),
  }

  const ref = priceReference(f)
  const low = isPriceLow(f)
  let priceExplanation: string
  if (f.priceKzt === null) priceExplanation = text('priceMissing', locale)
  else if (!ref) priceExplanation = text('priceNoReference', locale, { ...years, min: SIGNAL_RULES.minComparables })
  else {
    const facts = {
      price: formatPrice(f.priceKzt, locale),
      reference: formatPrice(Math.round(ref.kzt), locale),
      pct: Math.round((f.priceKzt / ref.kzt) * 100),
      count: f.comparables,
      ...years,
    }
    priceExplanation = [
      text(ref.source === 'estimate' ? 'priceVsEstimate' : 'priceVsMedian', locale, facts),
      text(low ? 'priceLow' : 'priceFine', locale, { threshold }),
    ].join(' ')
  }
  const price: ModerationSignal = {
    code: 'low_price',
    triggered: low,
    relatedListingIds: [],
    explanation: priceExplanation,
    priceKzt: f.priceKzt,
    referenceKzt: ref ? Math.round(ref.kzt) : null,
    referenceSource: ref?.source ?? null,
    comparables: f.comparables,
  }

  const isNew = f.accountAgeDays < SIGNAL_RULES.newAccountDays
  const account: ModerationSignal = {
    code: 'new_account',
    triggered: isNew,
    relatedListingIds: [],
    explanation: text(isNew ? 'accountNew' : 'accountOld', locale, {
      date: formatDate(f.accountCreatedAt, locale),
      days: SIGNAL_RULES.newAccountDays,
    }),
    accountAgeDays: f.accountAgeDays,
  }
  const complaints: ModerationSignal = {
    code: 'complaints',
    triggered: hasComplaints(f),
    relatedListingIds: f.takenDownListingIds,
    explanation: hasComplaints(f)
      ? [
          f.openComplaints > 0 ? text('complaintsOpen', locale, { count: f.openComplaints }) : '',
          f.takenDownListingIds.length > 0
            ? text('complaintsTakenDown', locale, { ids: ids(f.takenDownListingIds) })
            : '',
        ]
          .filter(Boolean)
          .join(' ')
      : text('complaintsNone', locale),
    openComplaints: f.openComplaints,
  }
  return [vin, photos, price, account, complaints]
}
