import type { companyKk } from './company.kk.ts'

export const companyEn: typeof companyKk = {
  'footer.legal': 'Company and documents',
  'footer.about': 'About us',
  'footer.privacy': 'Privacy policy',
  'footer.terms': 'User agreement',
  'company.about.claims': 'Tulpar Auto in numbers',
  'company.about.branches': 'Our branches',
  'company.about.allContacts': 'All contacts',
  'company.contacts.title': 'Contacts',
  'company.contacts.branches': 'Branches',
  'company.address': 'Address',
  'company.phones': 'Phones',
  'company.email': 'Email',
  'company.hours': 'Opening hours',
  'company.social': 'Follow us',
  'company.openIn2gis': 'Open in 2GIS',
  'company.openInYandex': 'Open in Yandex Maps',
  'company.legal.version': 'Version of {date}',
  'company.legal.contents': 'Contents',
}
