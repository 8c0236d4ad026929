/**
 * Limits of the car page's public actions, per client IP. Generous enough for a buyer comparing dozens of cars
 * (mobile carriers put many people behind one address), tight enough that harvesting the sellers' numbers of a
 * million listings would take thousands of addresses.
 */
export const CAR_PAGE_LIMITS = {
  phoneRevealPerIpShort: { limit: 30, windowSeconds: 600 },
  phoneRevealPerIpDay: { limit: 300, windowSeconds: 86_400 },
  callbackPerIpShort: { limit: 5, windowSeconds: 600 },
  callbackPerIpDay: { limit: 20, windowSeconds: 86_400 },
  /** New visitors counted for one listing from one address a day (rotating visitor ids cannot inflate views). */
  countedViewsPerIpListingDay: { limit: 30, windowSeconds: 86_400 },
} as const
