/** The valuation's door: a car's deal badge (its styles are in styles/valuation.css). */
export { DealBadge } from './deal-badge.tsx'
