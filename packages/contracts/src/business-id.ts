/*
 * Kazakh company and personal numbers (KZ-FACTS, "Company and personal numbers"): a legal entity's BIN and a person's
 * or sole proprietor's IIN are both 12 digits whose 12th digit checks the first 11. Zod-free, so a browser form can
 * use the same rule as the API.
 */

const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]

/** The check digit of the first 11 digits, or null when both weightings give 10 (no valid number starts so). */
export function kzCheckDigit(first11: readonly number[]): number | null {
  const weighted = (weights: number[]) => weights.reduce((sum, w, i) => sum + w * (first11[i] ?? 0), 0) % 11
  const first = weighted(FIRST_WEIGHTS)
  if (first !== 10) return first
  const second = weighted(SECOND_WEIGHTS)
  return second === 10 ? null : second
}

function digitsOf(value: string): number[] | null {
  return /^\d{12}$/.test(value) ? [...value].map(Number) : null
}

function hasValidCheckDigit(digits: number[]): boolean {
  return kzCheckDigit(digits.slice(0, 11)) === digits[11]
}

/** The century of an IIN's 7th digit (1-2: 1800s, 3-4: 1900s, 5-6: 2000s); 0 (older foreigners' numbers): unknown. */
const CENTURIES: Record<number, number | null> = { 0: null, 1: 1800, 2: 1800, 3: 1900, 4: 1900, 5: 2000, 6: 2000 }

function daysIn(month: number, year: number | null): number {
  if (month === 2) return year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** A person's (or sole proprietor's) IIN: 12 digits, a real birth date YYMMDD, a known century digit, the check digit. */
export function isValidIin(value: string): boolean {
  const d = digitsOf(value)
  if (!d) return false
  const century = CENTURIES[d[6] ?? -1]
  if (century === undefined) return false
  const yy = Number(value.slice(0, 2))
  const month = Number(value.slice(2, 4))
  const day = Number(value.slice(4, 6))
  if (month < 1 || month > 12) return false
  if (day < 1 || day > daysIn(month, century === null ? null : century + yy)) return false
  return hasValidCheckDigit(d)
}

/**
 * A legal entity's BIN: 12 digits starting with the registration's year and month (YYMM, the month 01-12), the check
 * digit. The 5th digit (the kind of entity) is not checked: its codes are documented inconsistently.
 */
export function isValidBin(value: string): boolean {
  const d = digitsOf(value)
  if (!d) return false
  const month = Number(value.slice(2, 4))
  if (month < 1 || month > 12) return false
  return hasValidCheckDigit(d)
}
