import valuationStyles from '../../styles/valuation.css?url'

/** For a route's `links`: the stylesheet of DealBadge and ValuationPanel. */
export const valuationLinks = [{ rel: 'stylesheet', href: valuationStyles }]
