import type { favouritesRu } from './favourites.ru.ts'
import type { PluralMessage } from './i18n.ts'

type Texts = { [K in keyof typeof favouritesRu]: (typeof favouritesRu)[K] extends string ? string : PluralMessage }

export const favouritesKk: Texts = {
  'fav.add': 'Таңдаулыларға қосу: {title}',
  'fav.remove': 'Таңдаулылардан алып тастау: {title}',
  'fav.savedLocally': 'Осы браузерде сақталды. Таңдаулылар барлық құрылғыда болуы үшін кіріңіз.',
  'fav.merged': 'Кірмес бұрын белгіленген көліктер таңдаулыларға сақталды',
  'fav.header': 'Таңдаулылар',
  'fav.title': 'Таңдаулылар',
  'fav.count': { other: '{count} көлік' },
  'fav.empty.title': 'Таңдаулыларда әзірге ештеңе жоқ',
  'fav.empty.text': 'Көлікке кейін оралу және бағасы түскенін білу үшін каталогтағы ♡ белгісін басыңыз.',
  'fav.empty.link': 'Каталогқа өту',
  'fav.guest.title': 'Таңдаулыларды сақтау үшін кіріңіз',
  'fav.guest.text': 'Таңдаулы көліктер барлық құрылғыңызда болады, ал бағасы түссе не көлік сатылса, біз хабарлаймыз.',
  'fav.guest.local': {
    other: 'Осы браузерде {count} көлік белгіленген: кіргеннен кейін олар таңдаулыларға сақталады.',
  },
  'fav.signIn': 'Кіру',
  'fav.register': 'Тіркелу',
  'fav.removeOne': 'Алып тастау',
  'fav.clear': 'Таңдаулыларды тазалау',
  'fav.clearConfirm': 'Барлық көлікті ({count}) таңдаулылардан алып тастайсыз ба? Мұны қайтару мүмкін емес.',
  'fav.clearYes': 'Иә, тазалау',
  'fav.clearNo': 'Бас тарту',
  'fav.cleared': 'Таңдаулылар тазаланды',
  'fav.removed': 'Көлік таңдаулылардан алынды',
  'fav.status.sold': 'Сатылды',
  'fav.status.unavailable': 'Хабарландыру уақытша жасырылған',
  'fav.status.removed': 'Сатушы хабарландыруды алып тастады',
  'fav.priceDown': 'Қосқаннан бері {amount} арзандады',
  'fav.priceUp': 'Қосқаннан бері {amount} қымбаттады',
  'fav.priceSame': 'Бағасы өзгерген жоқ',
  'fav.savedOn': '{date} қосылған',
  'fav.error.limit': 'Таңдаулыларда {limit} көліктен артық болмайды. Керегі жоқтарын алып тастаңыз.',
  'fav.error.gone': 'Бұл көлік енді сатылмайды',
}
