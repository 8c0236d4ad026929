import type { companyRu } from './company.ru.ts'

export const companyKk: Record<keyof typeof companyRu, string> = {
  'footer.legal': 'Компания және құжаттар',
  'footer.about': 'Компания туралы',
  'footer.privacy': 'Құпиялылық саясаты',
  'footer.terms': 'Пайдаланушы келісімі',
  'company.about.claims': 'Tulpar Auto сандармен',
  'company.about.branches': 'Біздің филиалдар',
  'company.about.allContacts': 'Барлық байланыс деректері',
  'company.contacts.title': 'Байланыс',
  'company.contacts.branches': 'Филиалдар',
  'company.address': 'Мекенжай',
  'company.phones': 'Телефондар',
  'company.email': 'Электрондық пошта',
  'company.hours': 'Жұмыс уақыты',
  'company.social': 'Біз әлеуметтік желілерде',
  'company.openIn2gis': '2ГИС-те ашу',
  'company.openInYandex': 'Яндекс Карталарда ашу',
  'company.legal.version': 'Редакция күні: {date}',
  'company.legal.contents': 'Мазмұны',
}
