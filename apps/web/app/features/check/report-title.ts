import type { VehicleReportContent } from '@tulpar/contracts'

/** The car a report is about, for titles and link previews: `Toyota Camry 2018`, else `VIN …`. */
export function reportCarName(content: Pick<VehicleReportContent, 'car'> | null, vin: string): string {
  const car = content?.car
  if (!car) return `VIN ${vin}`
  return [car.brand, car.model, car.year].filter(Boolean).join(' ')
}
