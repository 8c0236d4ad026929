/*
 * Large numbers (a price in tenge) read with their thousands apart while they are typed: 6 200 000, not 6200000.
 * The field is a text field with a numeric keyboard (a number field cannot show spaces); servers strip the spaces.
 */

const GROUP_SPACE = '\u00a0'

/** Keeps the digits of `raw` and groups them by three: "6200000" -> "6 200 000". */
export function groupDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '')
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SPACE)
}

/** An input handler: regroups the field's digits and keeps the caret after the same digit. */
export function regroupDigits(input: HTMLInputElement): void {
  const caret = input.selectionStart ?? input.value.length
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length
  const grouped = groupDigits(input.value)
  if (grouped === input.value) return
  input.value = grouped
  let position = 0
  for (let seen = 0; position < grouped.length && seen < digitsBefore; position++) {
    if (/\d/.test(grouped.charAt(position))) seen++
  }
  input.setSelectionRange(position, position)
}
