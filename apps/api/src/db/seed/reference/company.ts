import type { LocalizedText } from '@tulpar/contracts'
import type { BranchSeed } from './types.ts'

/** Contacts of the company itself (footer, contacts page). Phones in E.164; +7 727 is Almaty's area code. */
export interface CompanyContactsSeed {
  name: string
  legalName: LocalizedText
  phones: string[]
  email: string
  address: LocalizedText
  workingHours: LocalizedText
  socials: { instagram: string; telegram: string; whatsapp: string }
}

const WEEKDAYS_AND_SATURDAY: LocalizedText = {
  ru: 'Пн–Пт 9:00–19:00, Сб 10:00–17:00, Вс выходной',
  kk: 'Дс–Жм 9:00–19:00, Сн 10:00–17:00, Жс демалыс',
  en: 'Mon–Fri 9:00–19:00, Sat 10:00–17:00, Sun closed',
}

const EVERY_DAY: LocalizedText = {
  ru: 'Ежедневно 9:00–20:00',
  kk: 'Күн сайын 9:00–20:00',
  en: 'Daily 9:00–20:00',
}

export const COMPANY_CONTACTS: CompanyContactsSeed = {
  name: 'Tulpar Auto',
  legalName: { ru: 'ТОО «Tulpar Auto»', kk: '«Tulpar Auto» ЖШС', en: 'Tulpar Auto LLP' },
  phones: ['+77272500150', '+77770001500'],
  email: 'info@tulpar.kz',
  address: {
    ru: 'г. Алматы, пр. Абая, 150',
    kk: 'Алматы қ., Абай даңғылы, 150',
    en: '150 Abay Ave, Almaty',
  },
  workingHours: WEEKDAYS_AND_SATURDAY,
  socials: {
    instagram: 'https://instagram.com/tulpar.auto',
    telegram: 'https://t.me/tulpar_auto',
    whatsapp: 'https://wa.me/77770001500',
  },
}

/**
 * Branches (buy-back, inspection and sale of cars). Street names are real streets of each city; the building
 * numbers and coordinates are plausible, not the address of an existing business. Landline area codes: Almaty 727,
 * Astana 7172, Shymkent 7252, Karaganda 7212, Aktobe 7132.
 */
export const BRANCHES: BranchSeed[] = [
  {
    citySlug: 'almaty',
    address: { ru: 'пр. Абая, 150', kk: 'Абай даңғылы, 150', en: '150 Abay Ave' },
    phones: ['+77272500150', '+77770001500'],
    socialLink: 'https://instagram.com/tulpar.auto',
    lat: 43.2405,
    lng: 76.8705,
    workingHours: WEEKDAYS_AND_SATURDAY,
  },
  {
    citySlug: 'almaty',
    address: { ru: 'пр. Суюнбая, 89', kk: 'Сүйінбай даңғылы, 89', en: '89 Suyunbay Ave' },
    phones: ['+77272500189'],
    socialLink: 'https://instagram.com/tulpar.auto',
    lat: 43.2821,
    lng: 76.9612,
    workingHours: EVERY_DAY,
  },
  {
    citySlug: 'astana',
    address: { ru: 'пр. Туран, 37', kk: 'Тұран даңғылы, 37', en: '37 Turan Ave' },
    phones: ['+77172600037', '+77770001537'],
    socialLink: 'https://instagram.com/tulpar.auto.astana',
    lat: 51.1208,
    lng: 71.4173,
    workingHours: WEEKDAYS_AND_SATURDAY,
  },
  {
    citySlug: 'shymkent',
    address: { ru: 'пр. Тауке хана, 45', kk: 'Тәуке хан даңғылы, 45', en: '45 Tauke Khan Ave' },
    phones: ['+77252400045'],
    socialLink: 'https://instagram.com/tulpar.auto.shymkent',
    lat: 42.3197,
    lng: 69.5962,
    workingHours: WEEKDAYS_AND_SATURDAY,
  },
  {
    citySlug: 'karaganda',
    address: { ru: 'пр. Бухар-Жырау, 60', kk: 'Бұқар жырау даңғылы, 60', en: '60 Bukhar Zhyrau Ave' },
    phones: ['+77212500060'],
    socialLink: 'https://instagram.com/tulpar.auto.karaganda',
    lat: 49.8062,
    lng: 73.0925,
    workingHours: WEEKDAYS_AND_SATURDAY,
  },
  {
    citySlug: 'aktobe',
    address: { ru: 'пр. Абулхаир хана, 52', kk: 'Әбілқайыр хан даңғылы, 52', en: '52 Abulkhair Khan Ave' },
    phones: ['+77132700052'],
    socialLink: 'https://instagram.com/tulpar.auto.aktobe',
    lat: 50.2862,
    lng: 57.1664,
    workingHours: WEEKDAYS_AND_SATURDAY,
  },
]
