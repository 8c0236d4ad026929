import { island } from '../../ui/island.tsx'
import type { CreditWidgetProps } from './credit-widget-live.tsx'

export type { CreditWidgetCar, CreditWidgetProps } from './credit-widget-live.tsx'

/** The credit widget: below the fold on the home and car pages, so its code loads after the page (ui/island). */
export const CreditWidget = island<CreditWidgetProps>(() => import('./credit-widget-live.tsx').then((m) => m.default))
