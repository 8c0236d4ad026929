import type { Rng } from './random.ts'

/**
 * Names, phones and e-mails of demo sellers. The mix follows Kazakhstan's population: mostly Kazakh names,
 * then Russian and other Slavic ones, plus Korean, Tatar and Uyghur families (all common among sellers).
 */

type Gender = 'm' | 'f'

const KAZAKH_FIRST: Record<Gender, readonly string[]> = {
  m: [
    'Айдос',
    'Ерлан',
    'Нурлан',
    'Асхат',
    'Бауыржан',
    'Даурен',
    'Ержан',
    'Марат',
    'Серик',
    'Талгат',
    'Арман',
    'Алибек',
    'Санжар',
    'Азамат',
    'Дархан',
    'Бахытжан',
    'Жандос',
    'Нурсултан',
    'Мади',
    'Темирлан',
    'Алмас',
    'Кайрат',
    'Ерболат',
    'Канат',
    'Данияр',
    'Ерасыл',
    'Олжас',
    'Абай',
    'Берик',
    'Жанибек',
    'Руслан',
    'Тимур',
  ],
  f: [
    'Асель',
    'Айгерим',
    'Дана',
    'Динара',
    'Жанна',
    'Гульнара',
    'Сауле',
    'Айжан',
    'Мадина',
    'Камила',
    'Алия',
    'Ботагоз',
    'Салтанат',
    'Томирис',
    'Жансая',
    'Аружан',
    'Гаухар',
    'Меруерт',
    'Карлыгаш',
    'Индира',
    'Назерке',
  ],
}

/** Kazakh surnames: the Russian-style ending takes gender (-ов/-ова, -ев/-ева, -ин/-ина). */
const KAZAKH_SURNAME_STEMS = [
  'Нурлан',
  'Жумабаев',
  'Ахмет',
  'Касым',
  'Ибраим',
  'Омар',
  'Сулейменов',
  'Абен',
  'Тулеген',
  'Садык',
  'Искак',
  'Жаксыбеков',
  'Есен',
  'Мукашев',
  'Кенжебаев',
  'Нургалиев',
  'Исабеков',
  'Байжан',
  'Бекмуханбетов',
  'Смагул',
  'Сарсенбаев',
  'Амангельдин',
  'Утепов',
  'Калиев',
  'Жолдасбеков',
  'Турсунов',
  'Оспан',
  'Шайхислам',
  'Ержан',
  'Аубакир',
]

/** Surnames without a gender form, including the newer patronymic-style ones. */
const KAZAKH_SURNAMES_PLAIN = ['Сейткали', 'Бейсенбай', 'Ермекбай', 'Толеген', 'Мухамедкали', 'Абдрахман']
const KAZAKH_PATRONYMIC_STEMS = ['Ержан', 'Серик', 'Болат', 'Марат', 'Нурлан', 'Канат']

const RUSSIAN_FIRST: Record<Gender, readonly string[]> = {
  m: [
    'Дмитрий',
    'Алексей',
    'Сергей',
    'Андрей',
    'Владимир',
    'Евгений',
    'Игорь',
    'Николай',
    'Максим',
    'Виктор',
    'Олег',
    'Павел',
    'Артём',
    'Денис',
    'Роман',
    'Константин',
    'Вадим',
    'Станислав',
    'Юрий',
    'Михаил',
  ],
  f: [
    'Ольга',
    'Елена',
    'Наталья',
    'Татьяна',
    'Ирина',
    'Светлана',
    'Анна',
    'Юлия',
    'Екатерина',
    'Марина',
    'Оксана',
    'Людмила',
    'Виктория',
    'Ксения',
  ],
}

const RUSSIAN_SURNAME_STEMS = [
  'Ковалёв',
  'Иванов',
  'Петров',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Соколов',
  'Васильев',
  'Новиков',
  'Фёдоров',
  'Морозов',
  'Волков',
  'Лебедев',
  'Козлов',
  'Белов',
  'Тарасов',
  'Зайцев',
  'Пономарёв',
  'Гусев',
  'Никитин',
  'Сорокин',
  'Ершов',
  'Прохоров',
  'Захаров',
]
const SLAVIC_SURNAMES_PLAIN = ['Шевченко', 'Бондаренко', 'Ткаченко', 'Коваленко', 'Кравченко', 'Мельник', 'Гребенюк']

const KOREAN_SURNAMES = ['Ким', 'Пак', 'Цой', 'Ли', 'Хан', 'Тен', 'Югай', 'Шин']
const TATAR_UYGHUR_STEMS = ['Валиев', 'Хамитов', 'Гарипов', 'Сабиров', 'Насыров', 'Исмаилов', 'Абдуллаев']
const TATAR_UYGHUR_FIRST: Record<Gender, readonly string[]> = {
  m: ['Ринат', 'Ильдар', 'Рустам', 'Шамиль', 'Азат', 'Фарид'],
  f: ['Гульнур', 'Альфия', 'Лейла', 'Зарина', 'Диляра'],
}

/** -ов → -ова, -ев → -ева, -ин → -ина; a bare stem (Нурлан) gets -ов/-ова. */
function genderedSurname(stem: string, gender: Gender): string {
  const base = /(ов|ев|ёв|ин)$/.test(stem) ? stem : `${stem}ов`
  return gender === 'f' ? `${base}а` : base
}

export interface PersonName {
  firstName: string
  lastName: string
  fullName: string
  gender: Gender
}

export function generatePersonName(rng: Rng): PersonName {
  const gender: Gender = rng.chance(0.78) ? 'm' : 'f'
  const roll = rng.next()
  let firstName: string
  let lastName: string
  if (roll < 0.64) {
    firstName = rng.pick(KAZAKH_FIRST[gender])
    const kind = rng.next()
    if (kind < 0.8) lastName = genderedSurname(rng.pick(KAZAKH_SURNAME_STEMS), gender)
    else if (kind < 0.92) lastName = rng.pick(KAZAKH_SURNAMES_PLAIN)
    else lastName = `${rng.pick(KAZAKH_PATRONYMIC_STEMS)}${gender === 'm' ? 'улы' : 'кызы'}`
  } else if (roll < 0.9) {
    firstName = rng.pick(RUSSIAN_FIRST[gender])
    lastName = rng.chance(0.85)
      ? genderedSurname(rng.pick(RUSSIAN_SURNAME_STEMS), gender)
      : rng.pick(SLAVIC_SURNAMES_PLAIN)
  } else if (roll < 0.95) {
    firstName = rng.pick(rng.chance(0.6) ? RUSSIAN_FIRST[gender] : KAZAKH_FIRST[gender])
    lastName = rng.pick(KOREAN_SURNAMES)
  } else {
    firstName = rng.pick(TATAR_UYGHUR_FIRST[gender])
    lastName = genderedSurname(rng.pick(TATAR_UYGHUR_STEMS), gender)
  }
  return { firstName, lastName, fullName: `${firstName} ${lastName}`, gender }
}

/** Mobile operator prefixes in use in Kazakhstan (Beeline, Kcell/Activ, Tele2/Altel). */
const KZ_MOBILE_PREFIXES = ['700', '701', '702', '705', '707', '708', '747', '771', '775', '776', '777', '778']

/** `+77xxxxxxxxx` (E.164): +7, a mobile prefix, seven digits. */
function generatePhone(rng: Rng): string {
  return `+7${rng.pick(KZ_MOBILE_PREFIXES)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`
}

/** A phone not in `taken`; adds it to `taken`. */
export function generateUniquePhone(rng: Rng, taken: Set<string>): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const phone = generatePhone(rng)
    if (!taken.has(phone)) {
      taken.add(phone)
      return phone
    }
  }
  throw new Error('Could not find a free phone number')
}

const DEMO_EMAIL_DOMAIN = 'demo.tulpar.kz'

export function demoEmail(n: number): string {
  return `seller${n}@${DEMO_EMAIL_DOMAIN}`
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A 32-character id in better-auth's style (letters and digits). */
export function generateId(rng: Rng, length = 32): string {
  let id = ''
  for (let i = 0; i < length; i++) id += ID_ALPHABET[Math.floor(rng.next() * ID_ALPHABET.length)]
  return id
}
