import type { CompanyContacts, Locale } from '@tulpar/contracts'
import { fillDocument, type LegalDocument, type LegalVariables } from '../legal-document.ts'
import { formatCompanyPhone } from '../phone-format.ts'
import { privacyPolicyEn } from './privacy-policy.en.server.ts'
import { privacyPolicyKk } from './privacy-policy.kk.server.ts'
import { privacyPolicyRu } from './privacy-policy.ru.server.ts'
import { userAgreementEn } from './user-agreement.en.server.ts'
import { userAgreementKk } from './user-agreement.kk.server.ts'
import { userAgreementRu } from './user-agreement.ru.server.ts'

/*
 * The legal documents, server-side only: long texts for two pages, which would otherwise reach every visitor's
 * browser in the message files or the client bundle. A loader sends one document in one language.
 */

export type LegalKind = 'privacy' | 'terms'

interface LegalEntry {
  /** The date this version was published (ISO). Change it, and tell users, whenever the text changes. */
  version: string
  texts: Record<Locale, LegalDocument>
}

export const LEGAL_DOCUMENTS: Record<LegalKind, LegalEntry> = {
  privacy: { version: '2026-11-26', texts: { ru: privacyPolicyRu, kk: privacyPolicyKk, en: privacyPolicyEn } },
  terms: { version: '2026-11-23', texts: { ru: userAgreementRu, kk: userAgreementKk, en: userAgreementEn } },
}

/** The operator's legal name as the documents quote it (the company contacts carry the brand name only). */
const OPERATOR: Record<Locale, string> = {
  ru: 'ТОО «Tulpar Auto»',
  kk: '«Tulpar Auto» ЖШС',
  en: 'Tulpar Auto LLP',
}

/** The values of `{operator}`, `{address}`, `{email}`, `{phone}` from the company's current contacts. */
function legalVariables(contacts: CompanyContacts, locale: Locale): LegalVariables {
  const phone = contacts.phones[0] ?? ''
  return {
    operator: OPERATOR[locale],
    address: contacts.address,
    email: contacts.email,
    phone,
    // Non-breaking spaces: a phone number is never split across two lines.
    phoneText: formatCompanyPhone(phone).replaceAll(' ', '\u00a0'),
  }
}

/** One document in one language, with the company's contacts filled in. */
export function legalDocument(kind: LegalKind, locale: Locale, contacts: CompanyContacts) {
  const entry = LEGAL_DOCUMENTS[kind]
  return { version: entry.version, doc: fillDocument(entry.texts[locale], legalVariables(contacts, locale)) }
}
