/** A listing id from a URL segment: a positive integer of at most 15 digits, or null (the page is a 404). */
export function parseListingId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null
}
