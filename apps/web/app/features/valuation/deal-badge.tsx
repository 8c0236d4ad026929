import type { DealRating } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/**
 * The deal rating as a small coloured label ("Great price"). The label carries the meaning; colour only
 * repeats it. Its styles are in styles/valuation.css, which car.css and catalogue.css import.
 */
export function DealBadge({ rating, className }: { rating: DealRating; className?: string }) {
  const { t } = useI18n()
  return (
    <span className={['deal-badge', `deal-badge-${rating}`, className].filter(Boolean).join(' ')}>
      {t(`valuation.rating.${rating}`)}
    </span>
  )
}
