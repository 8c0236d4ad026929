/**
 * The company pages (/about, /contacts, /privacy-policy, /user-agreements) and the footer's legal line: short
 * labels only. The pages' long texts live in features/company/*.server.ts, so they are not sent with every page.
 */
export const companyRu = {
  'footer.legal': 'О компании и документы',
  'footer.about': 'О компании',
  'footer.privacy': 'Политика конфиденциальности',
  'footer.terms': 'Пользовательское соглашение',
  'company.about.claims': 'Tulpar Auto в цифрах',
  'company.about.branches': 'Наши филиалы',
  'company.about.allContacts': 'Все контакты',
  'company.contacts.title': 'Контакты',
  'company.contacts.branches': 'Филиалы',
  'company.address': 'Адрес',
  'company.phones': 'Телефоны',
  'company.email': 'Электронная почта',
  'company.hours': 'Часы работы',
  'company.social': 'Мы в соцсетях',
  'company.openIn2gis': 'Открыть в 2ГИС',
  'company.openInYandex': 'Открыть в Яндекс Картах',
  'company.legal.version': 'Редакция от {date}',
  'company.legal.contents': 'Содержание',
} as const
