import type { Locale } from '@tulpar/contracts'

/** Titles and descriptions of the contacts page, for the head only (kept out of the message files). */
export const CONTACTS_TEXTS: Record<Locale, { title: string; description: string }> = {
  ru: {
    title: 'Контакты и филиалы',
    description:
      'Телефоны, электронная почта и адреса филиалов Tulpar Auto в городах Казахстана, часы работы и ссылки, чтобы открыть филиал в 2ГИС или Яндекс Картах.',
  },
  kk: {
    title: 'Байланыс және филиалдар',
    description:
      'Tulpar Auto телефондары, электрондық поштасы және Қазақстан қалаларындағы филиалдарының мекенжайлары, жұмыс уақыты және филиалды 2ГИС-те немесе Яндекс Карталарда ашу сілтемелері.',
  },
  en: {
    title: 'Contacts and branches',
    description:
      'Phones, email and the addresses of Tulpar Auto branches in the cities of Kazakhstan, opening hours, and links that open each branch in 2GIS or Yandex Maps.',
  },
}
