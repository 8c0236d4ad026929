import type { Rng } from './random.ts'

/**
 * VINs (ISO 3779) and Japanese-market body (frame) numbers for demo listings.
 * A VIN is WMI (3) + VDS (5) + check digit (position 9) + model year (10) + plant (11) + serial (12-17),
 * from 0-9 and A-Z without I, O and Q. The check digit is the North American scheme (ISO 3779 annex),
 * which most manufacturers apply worldwide.
 */

export const VIN_ALPHABET = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'
const DIGITS = '0123456789'
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
/** Model-year codes (position 10) repeat every 30 years: 1980 = A ... 2000 = Y, 2001 = 1 ... 2010 = A. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'
const VIN_PATTERN = /^[0-9A-HJ-NPR-Z]{17}$/

function charValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48
  return VALUES[c] ?? -1
}

/** The check digit ('0'-'9' or 'X') for a 17-character VIN (position 9 is ignored). */
export function vinCheckDigit(vin: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += charValue(vin[i] as string) * (WEIGHTS[i] as number)
  const rest = sum % 11
  return rest === 10 ? 'X' : String(rest)
}

export function isValidVin(value: string): boolean {
  return VIN_PATTERN.test(value) && value[8] === vinCheckDigit(value)
}

export function modelYearCode(year: number): string {
  return YEAR_CODES[(((year - 1980) % 30) + 30) % 30] as string
}

/**
 * A random VIN with a valid check digit. `wmi` is the 3-character manufacturer code; `year` fills the
 * model-year position (random when omitted).
 */
export function generateVin(rng: Rng, wmi: string, year?: number): string {
  if (!/^[0-9A-HJ-NPR-Z]{3}$/.test(wmi)) throw new Error(`Invalid WMI ${wmi}`)
  const chars: string[] = [...wmi]
  for (let i = 0; i < 5; i++) chars.push(VIN_ALPHABET[rng.int(0, VIN_ALPHABET.length - 1)] as string)
  chars.push('0')
  chars.push(year === undefined ? (YEAR_CODES[rng.int(0, YEAR_CODES.length - 1)] as string) : modelYearCode(year))
  chars.push(LETTERS[rng.int(0, LETTERS.length - 1)] as string)
  for (let i = 0; i < 6; i++) chars.push(DIGITS[rng.int(0, 9)] as string)
  chars[8] = vinCheckDigit(chars.join(''))
  return chars.join('')
}

/**
 * Manufacturer codes by brand slug (first is the most common). Cars sold in Kazakhstan come from the
 * home plants and from CIS assembly: Z94 (Hyundai/Kia, St Petersburg, also on Hyundai Trans Auto kits),
 * XWE (Avtotor, Kaliningrad), XWB (GM/UzAuto, Uzbekistan), XTA (AvtoVAZ), X7L (Renault Russia).
 */
export const WMI_BY_BRAND: Readonly<Record<string, readonly string[]>> = {
  toyota: ['JTD', 'JTM', 'JTN', 'JTE', 'JTK', 'MR0'],
  lexus: ['JTH', 'JTJ', '2T2'],
  lada: ['XTA'],
  vaz: ['XTA'],
  hyundai: ['KMH', 'Z94', 'KMF'],
  kia: ['KNA', 'XWE', 'Z94', 'KNE'],
  chevrolet: ['XWB', 'KL1', '1G1', 'XUU'],
  daewoo: ['XWB', 'KLA'],
  ravon: ['XWB'],
  nissan: ['JN1', 'JN8', 'Z8N', 'SJN'],
  infiniti: ['JNK', 'JN1'],
  honda: ['JHM', 'SHH', '5J6'],
  mitsubishi: ['JMB', 'JA4', 'Z8T'],
  mazda: ['JM1', 'JM3', 'JMZ'],
  subaru: ['JF1', 'JF2'],
  suzuki: ['JS2', 'JS3', 'TSM'],
  volkswagen: ['WVW', 'WVG', 'XW8'],
  skoda: ['TMB', 'XW8'],
  audi: ['WAU', 'WA1'],
  bmw: ['WBA', 'WBS', 'X4X', 'WBX'],
  'mercedes-benz': ['WDD', 'WDC', 'W1K', 'W1N'],
  mercedes: ['WDD', 'WDC', 'W1K', 'W1N'],
  porsche: ['WP0', 'WP1'],
  renault: ['VF1', 'X7L'],
  peugeot: ['VF3'],
  opel: ['W0L'],
  ford: ['WF0', '1FA', '1FM', 'X9F'],
  chery: ['LVV'],
  haval: ['LGW'],
  'great-wall': ['LGW'],
  geely: ['L6T', 'Y4K'],
  jac: ['LJ1'],
  changan: ['LS5'],
  exeed: ['LVT'],
  omoda: ['LVV'],
  byd: ['LGX', 'LC0'],
  zeekr: ['L6T'],
  li: ['LW4'],
  'li-auto': ['LW4'],
  tesla: ['5YJ', '7SA'],
  gaz: ['X96'],
  moskvich: ['XTB'],
  genesis: ['KMT', 'KMH'],
  ssangyong: ['KPT'],
  dodge: ['1B3', '2C3', '1C3'],
  cadillac: ['1GY', '1G6'],
  gmc: ['1GT', '1GK'],
  uaz: ['XTT'],
  jeep: ['1J4', '1C4'],
  'land-rover': ['SAL'],
  volvo: ['YV1', 'YV4'],
}

const GENERIC_WMIS = ['XTA', 'Z94', 'XWB', 'JTD', 'KMH', 'WVW']

export function wmiForBrand(rng: Rng, brandSlug: string): string {
  const wmis = WMI_BY_BRAND[brandSlug]
  if (!wmis) return rng.pick(GENERIC_WMIS)
  // The first code is the home plant and the most common one.
  return rng.chance(0.55) ? (wmis[0] as string) : rng.pick(wmis)
}

/** Chassis codes of Japanese-market cars, the part before the dash of a body number. */
const CHASSIS_BY_BRAND: Readonly<Record<string, readonly string[]>> = {
  toyota: [
    'NZE121',
    'NZE141',
    'ZZE122',
    'ZRE142',
    'GRX120',
    'GRX130',
    'ACV30',
    'ACV40',
    'AZT240',
    'ZZT240',
    'NCP10',
    'SXM10',
    'ACA21',
    'GX110',
    'JZX100',
    'UZJ100',
    'HDJ101',
    'KDJ95',
    'ZVW30',
    'NHW20',
    'ANH10',
  ],
  lexus: ['GRS190', 'URJ202', 'GGL15', 'MCU15', 'USF40'],
  nissan: ['HR34', 'T31', 'NT31', 'Y12', 'E11', 'C25', 'J31', 'PNZ51', 'Z51', 'K12'],
  honda: ['RD1', 'RE4', 'GD1', 'GE6', 'CF4', 'RB1', 'GP1', 'CL7'],
  mazda: ['GG3S', 'BK5P', 'KE2FW', 'DY3W', 'CREW', 'GY3W'],
  mitsubishi: ['CT9A', 'CS5W', 'V75W', 'CW5W', 'H82W', 'GF8W'],
  subaru: ['BH5', 'BP5', 'GDB', 'SF5', 'SG5', 'GH2', 'BRM'],
  suzuki: ['TD54W', 'HA24S', 'ZC11S', 'JB23W'],
}

/** A body number such as `NZE121-3123456` for a right-hand-drive Japanese-market car. */
export function generateBodyNumber(rng: Rng, brandSlug = 'toyota'): string {
  const chassis = rng.pick(CHASSIS_BY_BRAND[brandSlug] ?? (CHASSIS_BY_BRAND.toyota as readonly string[]))
  return `${chassis}-${rng.int(0, 9)}${String(rng.int(0, 999999)).padStart(6, '0')}`
}

export const BODY_NUMBER_PATTERN = /^[A-Z0-9]{2,8}-\d{6,7}$/
