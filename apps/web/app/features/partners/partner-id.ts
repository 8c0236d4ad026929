/** A partner id from the URL: a positive whole number that fits PostgreSQL's int4 (`serial`), else null. */
export function parsePartnerId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}
