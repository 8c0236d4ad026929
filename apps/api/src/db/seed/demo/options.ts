import type { Rng } from './random.ts'
import type { RefOption } from './types.ts'

/**
 * Which equipment options a demo car has. Known option codes have a level (0 basic, 1 mid, 2 premium), a
 * first model year they became common and, for a few, the body types they make sense on; unknown codes are
 * treated as mid-level. Expensive and newer cars get more options.
 */

interface OptionRule {
  level: 0 | 1 | 2
  since?: number
  bodies?: readonly string[]
  /** Not on electric cars (no engine to start or pre-heat). */
  combustionOnly?: boolean
}

const TALL = ['suv', 'crossover', 'minivan', 'wagon', 'pickup', 'van']

const RULES: Readonly<Record<string, OptionRule>> = {
  abs: { level: 0 },
  esp: { level: 1, since: 2008 },
  front_airbags: { level: 0 },
  side_airbags: { level: 1 },
  curtain_airbags: { level: 1, since: 2005 },
  isofix: { level: 1, since: 2006 },
  tyre_pressure_monitor: { level: 2, since: 2012 },
  alarm: { level: 0 },
  immobiliser: { level: 0 },
  front_parking_sensors: { level: 1 },
  rear_parking_sensors: { level: 0 },
  rear_camera: { level: 1, since: 2010 },
  camera_360: { level: 2, since: 2016 },
  cruise_control: { level: 1 },
  adaptive_cruise_control: { level: 2, since: 2015 },
  blind_spot_monitor: { level: 2, since: 2014 },
  lane_keeping_assist: { level: 2, since: 2016 },
  hill_start_assist: { level: 1, since: 2010 },
  park_assist: { level: 2, since: 2014 },
  air_conditioning: { level: 0 },
  climate_control: { level: 1 },
  heated_front_seats: { level: 0 },
  heated_rear_seats: { level: 2 },
  heated_steering_wheel: { level: 1, since: 2012 },
  ventilated_seats: { level: 2, since: 2010 },
  keyless_entry: { level: 1, since: 2008 },
  push_button_start: { level: 1, since: 2008 },
  remote_start: { level: 0, combustionOnly: true },
  engine_preheater: { level: 1, combustionOnly: true },
  navigation: { level: 1, since: 2006 },
  carplay_android_auto: { level: 1, since: 2016 },
  bluetooth: { level: 0, since: 2008 },
  usb: { level: 0, since: 2007 },
  touchscreen: { level: 1, since: 2012 },
  premium_audio: { level: 2 },
  wireless_charging: { level: 2, since: 2018 },
  head_up_display: { level: 2, since: 2016 },
  rear_entertainment: { level: 2, since: 2008, bodies: TALL },
  alloy_wheels: { level: 0 },
  sunroof: { level: 1 },
  panoramic_roof: { level: 2, since: 2010 },
  roof_rails: { level: 1, bodies: TALL },
  tow_bar: { level: 1, bodies: TALL },
  power_tailgate: { level: 2, since: 2012, bodies: ['suv', 'crossover', 'minivan', 'wagon', 'liftback'] },
  heated_mirrors: { level: 0 },
  power_folding_mirrors: { level: 1 },
  rain_sensor: { level: 1 },
  heated_windscreen: { level: 2 },
  leather_seats: { level: 1 },
  power_seats: { level: 2 },
  seat_memory: { level: 2 },
  leather_steering_wheel: { level: 1 },
  third_row_seats: { level: 2, bodies: ['suv', 'minivan', 'crossover', 'van'] },
  power_windows: { level: 0 },
  rear_sunshades: { level: 2 },
  tinted_windows: { level: 0 },
  led_headlights: { level: 1, since: 2014 },
  xenon_headlights: { level: 1, since: 2003 },
  matrix_headlights: { level: 2, since: 2017 },
  adaptive_headlights: { level: 2, since: 2010 },
  fog_lights: { level: 0 },
  daytime_running_lights: { level: 0, since: 2010 },
  headlight_washers: { level: 2 },
  light_sensor: { level: 1 },
  ambient_lighting: { level: 2, since: 2016 },
}

const DEFAULT_RULE: OptionRule = { level: 1 }

/** Probability of an option by its level, for a car tier 0 (budget) .. 2 (premium). */
const TAKE_RATE: readonly (readonly [number, number, number])[] = [
  [0.55, 0.8, 0.92],
  [0.15, 0.45, 0.75],
  [0.02, 0.12, 0.5],
]

export interface OptionContext {
  newPriceKzt: number
  year: number
  bodyType: string
  engineType: string
}

/** 0 budget (< 12 M ₸ new), 1 mid, 2 premium (≥ 30 M ₸ new). */
function priceTier(newPriceKzt: number): 0 | 1 | 2 {
  if (newPriceKzt >= 30_000_000) return 2
  if (newPriceKzt >= 12_000_000) return 1
  return 0
}

export function pickOptions(rng: Rng, all: readonly RefOption[], car: OptionContext): string[] {
  const tier = priceTier(car.newPriceKzt)
  // Older cars were sold with less equipment, and sellers tick fewer boxes.
  const ageFactor = car.year >= 2015 ? 1 : car.year >= 2005 ? 0.8 : 0.55
  const electric = car.engineType === 'electric'
  const chosen: string[] = []
  for (const option of all) {
    const rule = RULES[option.code] ?? DEFAULT_RULE
    if (rule.since !== undefined && car.year < rule.since) continue
    if (rule.bodies && !rule.bodies.includes(car.bodyType)) continue
    if (rule.combustionOnly && electric) continue
    const rate = (TAKE_RATE[rule.level] as readonly number[])[tier] as number
    if (rng.next() < rate * ageFactor) chosen.push(option.code)
  }
  // Kazakhstan winters: remote start is one of the most common aftermarket additions.
  if (!electric && !chosen.includes('remote_start') && all.some((o) => o.code === 'remote_start') && rng.chance(0.25)) {
    chosen.push('remote_start')
  }
  return chosen
}
