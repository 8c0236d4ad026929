/*
 * Contacts in a message body are hidden until their sender chooses to share them: buyers and sellers talk here
 * first, and a scammer cannot harvest numbers from messages. Masked at read time, so sharing later reveals what
 * was written before.
 */

/** +7 701 123 45 67, 8(701)1234567, 87011234567, 7 701 123-45-67 ... (10-12 digits with separators). */
const PHONE = /(?:\+?\d[\s\-().]{0,2}){9,11}\d/g
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g

export const HIDDEN_PHONE = '[номер скрыт · нөмір жасырылған · number hidden]'
export const HIDDEN_EMAIL = '[e-mail скрыт · e-mail жасырылған · e-mail hidden]'

export function maskContacts(body: string): string {
  return body.replace(EMAIL, HIDDEN_EMAIL).replace(PHONE, (match) => {
    const digits = match.replace(/\D/g, '')
    return digits.length >= 10 ? HIDDEN_PHONE : match
  })
}
