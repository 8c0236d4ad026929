import { island } from '../../ui/island.tsx'

export { listingValues } from './step-values.ts'

/*
 * Each step's fields are islands (ui/island.tsx): the server renders the current step's in full and their code
 * loads at the first touch, key or focus, so the form's first load stays within the budget of 120 KB of gzipped
 * JavaScript (it was 125,880 bytes with every step's fields in it; docs/performance.md). Their controls are
 * uncontrolled (step-controls.tsx), so what is typed or chosen before the code has loaded stays. The car's steps are
 * in step-fields-car.tsx, the sale's (options, state, price) in step-fields-sale.tsx.
 */
const carFields = () => import('./step-fields-car.tsx')
const BrandFields = island(() => carFields().then((m) => m.BrandFields))
const ModelFields = island(() => carFields().then((m) => m.ModelFields))
const CharacteristicsFields = island(() => carFields().then((m) => m.CharacteristicsFields))
const ModificationsFields = island(() => carFields().then((m) => m.ModificationsFields))
const saleFields = () => import('./step-fields-sale.tsx')
const OptionsFields = island(() => saleFields().then((m) => m.OptionsFields))
const StateFields = island(() => saleFields().then((m) => m.StateFields))
const PriceFields = island(() => saleFields().then((m) => m.PriceFields))

export const STEP_FIELDS = {
  brand: BrandFields,
  model: ModelFields,
  characteristics: CharacteristicsFields,
  modifications: ModificationsFields,
  options: OptionsFields,
  state: StateFields,
  price: PriceFields,
} as const
