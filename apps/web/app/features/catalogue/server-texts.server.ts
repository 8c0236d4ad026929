import type { Locale } from '@tulpar/contracts'

/*
 * Texts the server alone uses (titles, descriptions and headings it computes in loaders, the Tulpar page's
 * copy). Kept out of the message files, which every page sends to the browser and the root bundles.
 * Plurals by Intl.PluralRules category, as in the message files.
 */
export type PageKind = 'all' | 'city' | 'brand' | 'brandCity'
export type Plural = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>

export interface ServerTexts {
  /** {brand} (make and model), {city} */
  heading: Record<PageKind, string>
  title: Record<PageKind, string>
  /** {count}, {brand}, {city} */
  description: Record<PageKind, Plural>
  /** {title}, {page} */
  page: string
  tulparTitle: string
  tulparDescription: string
  tulparLead: string
}

export const SERVER_TEXTS: Record<Locale, ServerTexts> = {
  ru: {
    heading: {
      all: 'Автомобили в Казахстане',
      city: 'Автомобили в городе {city}',
      brand: '{brand} в Казахстане',
      brandCity: '{brand} в городе {city}',
    },
    title: {
      all: 'Купить автомобиль в Казахстане: с пробегом и новые',
      city: 'Купить автомобиль в городе {city}',
      brand: 'Купить {brand} в Казахстане',
      brandCity: 'Купить {brand} в городе {city}',
    },
    description: {
      all: {
        one: '{count} объявление о продаже автомобилей по всему Казахстану: цены в тенге, фото, характеристики.',
        few: '{count} объявления о продаже автомобилей по всему Казахстану: цены в тенге, фото, характеристики.',
        many: '{count} объявлений о продаже автомобилей по всему Казахстану: цены в тенге, фото, характеристики.',
        other: '{count} объявления о продаже автомобилей по всему Казахстану: цены в тенге, фото, характеристики.',
      },
      city: {
        one: '{count} объявление о продаже автомобилей в городе {city}: цены в тенге, фото, характеристики.',
        few: '{count} объявления о продаже автомобилей в городе {city}: цены в тенге, фото, характеристики.',
        many: '{count} объявлений о продаже автомобилей в городе {city}: цены в тенге, фото, характеристики.',
        other: '{count} объявления о продаже автомобилей в городе {city}: цены в тенге, фото, характеристики.',
      },
      brand: {
        one: '{count} объявление о продаже {brand} в Казахстане: цены в тенге, фото, характеристики.',
        few: '{count} объявления о продаже {brand} в Казахстане: цены в тенге, фото, характеристики.',
        many: '{count} объявлений о продаже {brand} в Казахстане: цены в тенге, фото, характеристики.',
        other: '{count} объявления о продаже {brand} в Казахстане: цены в тенге, фото, характеристики.',
      },
      brandCity: {
        one: '{count} объявление о продаже {brand} в городе {city}: цены в тенге, фото, характеристики.',
        few: '{count} объявления о продаже {brand} в городе {city}: цены в тенге, фото, характеристики.',
        many: '{count} объявлений о продаже {brand} в городе {city}: цены в тенге, фото, характеристики.',
        other: '{count} объявления о продаже {brand} в городе {city}: цены в тенге, фото, характеристики.',
      },
    },
    page: '{title}, страница {page}',
    tulparTitle: 'Автомобили Tulpar: проверенные нами автомобили',
    tulparDescription:
      'Собственные автомобили Tulpar Auto, проверенные нашими специалистами: юридическая чистота, кузов, двигатель и коробка, ходовая, электрика, реальный пробег.',
    tulparLead:
      'Эти автомобили принадлежат Tulpar Auto. Прежде чем выставить машину на продажу, мы проверяем её сами, а результат проверки с датой публикуем на странице автомобиля.',
  },
  kk: {
    heading: {
      all: 'Қазақстандағы көліктер',
      city: '{city} қаласындағы көліктер',
      brand: 'Қазақстандағы {brand}',
      brandCity: '{city} қаласындағы {brand}',
    },
    title: {
      all: 'Қазақстанда көлік сатып алу: жүрген және жаңа',
      city: '{city} қаласында көлік сатып алу',
      brand: 'Қазақстанда {brand} сатып алу',
      brandCity: '{city} қаласында {brand} сатып алу',
    },
    description: {
      all: {
        one: 'Бүкіл Қазақстан бойынша көлік сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
        other:
          'Бүкіл Қазақстан бойынша көлік сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
      },
      city: {
        one: '{city} қаласында көлік сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
        other: '{city} қаласында көлік сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
      },
      brand: {
        one: 'Қазақстанда {brand} сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
        other: 'Қазақстанда {brand} сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
      },
      brandCity: {
        one: '{city} қаласында {brand} сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
        other: '{city} қаласында {brand} сату туралы {count} хабарландыру: бағасы теңгемен, суреттер, сипаттамалар.',
      },
    },
    page: '{title}, {page}-бет',
    tulparTitle: 'Tulpar көліктері: өзіміз тексерген көліктер',
    tulparDescription:
      'Tulpar Auto-ның өз көліктері, біздің мамандар тексерген: заңдық тазалығы, шанағы, қозғалтқышы мен қорабы, жүріс бөлігі, электр жабдығы, нақты жүрісі.',
    tulparLead:
      'Бұл көліктер Tulpar Auto-ға тиесілі. Көлікті сатылымға шығармас бұрын оны өзіміз тексереміз, ал тексеру нәтижесін күнімен бірге көлік бетінде жариялаймыз.',
  },
  en: {
    heading: {
      all: 'Cars in Kazakhstan',
      city: 'Cars in {city}',
      brand: '{brand} in Kazakhstan',
      brandCity: '{brand} in {city}',
    },
    title: {
      all: 'Buy a car in Kazakhstan: used and new',
      city: 'Buy a car in {city}',
      brand: 'Buy a {brand} in Kazakhstan',
      brandCity: 'Buy a {brand} in {city}',
    },
    description: {
      all: {
        one: '{count} car for sale across Kazakhstan: prices in tenge, photos and specifications.',
        other: '{count} cars for sale across Kazakhstan: prices in tenge, photos and specifications.',
      },
      city: {
        one: '{count} car for sale in {city}: prices in tenge, photos and specifications.',
        other: '{count} cars for sale in {city}: prices in tenge, photos and specifications.',
      },
      brand: {
        one: '{count} {brand} for sale in Kazakhstan: prices in tenge, photos and specifications.',
        other: '{count} {brand} cars for sale in Kazakhstan: prices in tenge, photos and specifications.',
      },
      brandCity: {
        one: '{count} {brand} for sale in {city}: prices in tenge, photos and specifications.',
        other: '{count} {brand} cars for sale in {city}: prices in tenge, photos and specifications.',
      },
    },
    page: '{title}, page {page}',
    tulparTitle: 'Tulpar cars: cars we inspected ourselves',
    tulparDescription:
      "Tulpar Auto's own cars, inspected by our specialists: legal history, body, engine and gearbox, suspension, electrics and real mileage.",
    tulparLead:
      'These cars belong to Tulpar Auto. Before a car goes on sale we inspect it ourselves and publish the result, with its date, on the car page.',
  },
}
