import type { Branch, CompanyContacts } from '@tulpar/contracts'

/**
 * schema.org data of the contacts page: the company with its phones, email and social profiles, and each
 * branch as a car dealer with its address, coordinates and phones (what search engines show as local results).
 */
export function buildContactsJsonLd(contacts: CompanyContacts, branches: Branch[], publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: contacts.name,
    url: `${publicUrl}/`,
    email: contacts.email,
    telephone: contacts.phones[0],
    address: { '@type': 'PostalAddress', streetAddress: contacts.address, addressCountry: 'KZ' },
    sameAs: Object.values(contacts.socials),
    department: branches.map((b) => ({
      '@type': 'AutoDealer',
      name: `${contacts.name}, ${b.city.name}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: b.address,
        addressLocality: b.city.name,
        addressCountry: 'KZ',
      },
      geo: { '@type': 'GeoCoordinates', latitude: b.lat, longitude: b.lng },
      telephone: b.phones,
      hasMap: b.mapLinks.twoGis,
    })),
  }
}
