import type { CarMoreShown } from './car-shown.ts'
import { InspectionReports } from './inspection-reports.tsx'
import { OptionsList } from './options-list.tsx'
import { PriceHistory } from './price-history.tsx'

/** The car page's static sections further down: equipment, inspection reports and the price history. */
export function CarMore({ car }: { car: CarMoreShown }) {
  return (
    <>
      <OptionsList groups={car.options} />
      <InspectionReports reports={car.inspectionReports} />
      <PriceHistory history={car.priceHistory} />
    </>
  )
}
