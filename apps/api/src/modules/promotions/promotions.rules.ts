import type { PromotionProduct } from '@tulpar/contracts'

const DAY_MS = 86_400_000

/**
 * The refund rule (decision 033) when a car is sold or removed before its promotion ends: the unused full days of a
 * top placement, hot offer or highlight come back pro rata (rounded down to the tenge); a started day is used. A
 * raise is used the moment it is bought: nothing comes back.
 */
export function refundFor(
  p: { product: PromotionProduct; days: number; amountKzt: number; endsAt: Date | null },
  now: Date,
): number {
  if (p.product === 'raise' || p.days <= 0 || !p.endsAt) return 0
  const unusedDays = Math.min(p.days, Math.max(0, Math.floor((p.endsAt.getTime() - now.getTime()) / DAY_MS)))
  return Math.floor((p.amountKzt * unusedDays) / p.days)
}
