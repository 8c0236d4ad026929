import type { SellerListing, SellingStep } from '@tulpar/contracts'
import { SELLING_STEPS } from '@tulpar/contracts/selling-rules'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

/**
 * Where the seller is: "step n of 9", a bar, and the steps as links (steps already done, and the first one
 * still to do, can be opened directly).
 */
export function StepProgress({ listing, current }: { listing: SellerListing; current: SellingStep }) {
  const { t } = useI18n()
  const list = useRef<HTMLOListElement>(null)
  // On a phone the row of steps scrolls sideways: keep the current one in view.
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>(`[data-step="${current}"]`)
    if (el && list.current) list.current.scrollLeft = el.offsetLeft - list.current.clientWidth / 2 + el.clientWidth / 2
  }, [current])
  const index = SELLING_STEPS.indexOf(current)
  const reachable = SELLING_STEPS.indexOf(listing.nextStep)
  const done = new Set<string>(listing.completedSteps)
  if (listing.photos.length > 0) done.add('photos')
  return (
    <nav className="step-progress" aria-label={t('sell.steps')}>
      <p className="step-count">
        {t('sell.progress', { n: index + 1, total: SELLING_STEPS.length })}
        <span className="step-bar" aria-hidden="true">
          <span style={{ width: `${((index + 1) / SELLING_STEPS.length) * 100}%` }} />
        </span>
      </p>
      <ol ref={list}>
        {SELLING_STEPS.map((s, i) => {
          const label = t(`sell.step.${s}`)
          const state = s === current ? 'current' : done.has(s) ? 'done' : 'todo'
          const canOpen =
            s !== current && (done.has(s) || i <= Math.max(reachable, index) || listing.status !== 'draft')
          return (
            <li key={s} className={`step-${state}`} data-step={s}>
              {canOpen ? (
                <Link to={`?step=${s}`}>{label}</Link>
              ) : (
                <span aria-current={s === current ? 'step' : undefined}>{label}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
