import type { Locale } from '@tulpar/contracts'
import { catalogueHref } from '../catalogue/index.ts'

/*
 * The copy of the "About us" page. Long text for one page, kept out of the message files (which every page
 * sends to the browser): the /about loader sends one language. The inspection itself is described on
 * /tulpar-auto (features/catalogue/inspection-content.server.ts); this page links there instead of repeating it.
 */

const CATALOGUE = catalogueHref({})

interface AboutSection {
  id: string
  title: string
  paragraphs: string[]
  link: { href: string; label: string }
}

export interface AboutTexts {
  title: string
  description: string
  h1: string
  lead: string
  sections: AboutSection[]
}

export const ABOUT_TEXTS: Record<Locale, AboutTexts> = {
  ru: {
    title: 'О компании',
    description:
      'Tulpar Auto — площадка для покупки и продажи автомобилей в Казахстане: объявления с модерацией, собственные проверенные автомобили Tulpar и филиалы в крупных городах Казахстана.',
    h1: 'О компании Tulpar Auto',
    lead: 'Tulpar Auto — площадка для покупки и продажи новых автомобилей и автомобилей с пробегом по всему Казахстану. Мы соединяем частных продавцов, дилеров и покупателей, а машины, которые продаём сами, сначала проверяем.',
    sections: [
      {
        id: 'what',
        title: 'Что мы делаем',
        paragraphs: [
          'Продавец за несколько минут размещает объявление с ценой в тенге, фотографиями и характеристиками. Покупатель находит автомобиль по марке, году, цене, пробегу, приводу и городу и связывается с продавцом по телефону или в сообщениях.',
          'Рядом с объявлением — всё, что нужно для решения: расчёт автокредита и транспортного налога, оценка цены по рынку, история автомобиля по VIN и партнёры — СТО, страховые компании, автошколы.',
        ],
        link: { href: CATALOGUE, label: 'Перейти в каталог' },
      },
      {
        id: 'tulpar',
        title: 'Автомобили Tulpar: проверяем сами',
        paragraphs: [
          'Часть автомобилей на площадке принадлежит самой компании. Прежде чем выставить такую машину на продажу, наши специалисты проверяют её от документов до тест-драйва, а отчёт с датой проверки публикуют на странице автомобиля. Машины с обременениями мы не продаём.',
        ],
        link: { href: '/tulpar-auto', label: 'Что мы проверяем в автомобилях Tulpar' },
      },
      {
        id: 'trust',
        title: 'Честные объявления',
        paragraphs: [
          'Каждое объявление до публикации проверяет модератор. Повторы VIN и фотографий, цену намного ниже рынка и новые аккаунты мы замечаем автоматически, а телефон продавца подтверждается кодом из SMS.',
          'Не вносите предоплату за автомобиль, который не видели, и не сообщайте никому коды из SMS и данные карты. Если собеседник просит об этом, пожалуйтесь на него прямо в переписке.',
        ],
        link: { href: '/user-agreements', label: 'Правила площадки' },
      },
    ],
  },
  kk: {
    title: 'Компания туралы',
    description:
      'Tulpar Auto — Қазақстанда көлік сатып алу мен сатуға арналған алаң: модерациядан өткен хабарландырулар, өзіміз тексерген Tulpar көліктері және Қазақстанның ірі қалаларындағы филиалдар.',
    h1: 'Tulpar Auto компаниясы туралы',
    lead: 'Tulpar Auto — бүкіл Қазақстан бойынша жаңа және жүрген көліктерді сатып алу мен сатуға арналған алаң. Біз жеке сатушыларды, дилерлерді және сатып алушыларды табыстырамыз, ал өзіміз сататын көліктерді алдымен тексереміз.',
    sections: [
      {
        id: 'what',
        title: 'Біз не істейміз',
        paragraphs: [
          'Сатушы бірнеше минутта теңгедегі бағасы, фотосуреттері және сипаттамалары бар хабарландыру орналастырады. Сатып алушы көлікті маркасы, жылы, бағасы, жүрісі, жетегі және қаласы бойынша тауып, сатушымен телефон немесе хабар арқылы байланысады.',
          'Хабарландырудың жанында шешім қабылдауға қажеттінің бәрі бар: автонесие мен көлік салығын есептеу, нарық бойынша бағалау, VIN бойынша көлік тарихы және серіктестер — техникалық қызмет көрсету станциялары, сақтандыру компаниялары, автомектептер.',
        ],
        link: { href: CATALOGUE, label: 'Каталогқа өту' },
      },
      {
        id: 'tulpar',
        title: 'Tulpar көліктері: өзіміз тексереміз',
        paragraphs: [
          'Алаңдағы көліктердің бір бөлігі компанияның өзіне тиесілі. Мұндай көлікті сатылымға шығармас бұрын біздің мамандар оны құжаттарынан бастап сынақ жүргізуге дейін тексереді, ал тексеру күні көрсетілген есепті көлік бетінде жариялайды. Ауыртпалығы бар көліктерді сатпаймыз.',
        ],
        link: { href: '/tulpar-auto', label: 'Tulpar көліктерінде нені тексереміз' },
      },
      {
        id: 'trust',
        title: 'Адал хабарландырулар',
        paragraphs: [
          'Әр хабарландыруды жарияланар алдында модератор тексереді. VIN мен фотосуреттердің қайталануын, нарықтан әлдеқайда төмен бағаны және жаңа аккаунттарды автоматты түрде байқаймыз, ал сатушының телефоны SMS-кодпен расталады.',
          'Көрмеген көлік үшін алдын ала төлем жасамаңыз, SMS-тегі кодтар мен карта деректерін ешкімге айтпаңыз. Әңгімелесушіңіз мұны сұраса, хат алмасудың өзінде оған шағымданыңыз.',
        ],
        link: { href: '/user-agreements', label: 'Алаң ережелері' },
      },
    ],
  },
  en: {
    title: 'About us',
    description:
      'Tulpar Auto is a marketplace for buying and selling cars in Kazakhstan: moderated listings, our own inspected Tulpar cars and branches in Kazakhstan’s largest cities.',
    h1: 'About Tulpar Auto',
    lead: 'Tulpar Auto is a marketplace for buying and selling new and used cars all over Kazakhstan. We bring private sellers, dealers and buyers together, and the cars we sell ourselves we inspect first.',
    sections: [
      {
        id: 'what',
        title: 'What we do',
        paragraphs: [
          'A seller publishes a listing with a price in tenge, photos and specifications in a few minutes. A buyer finds a car by make, year, price, mileage, drive and city, and contacts the seller by phone or in messages.',
          'Next to each listing is what you need to decide: the car loan and transport tax calculation, a market price estimate, the car’s history by VIN, and partners: car services, insurers, driving schools.',
        ],
        link: { href: CATALOGUE, label: 'Go to the catalogue' },
      },
      {
        id: 'tulpar',
        title: 'Tulpar cars: we inspect them ourselves',
        paragraphs: [
          'Some of the cars on the marketplace belong to the company itself. Before such a car goes on sale, our specialists check it from the documents to a test drive and publish the report, with its date, on the car page. We do not sell cars with encumbrances.',
        ],
        link: { href: '/tulpar-auto', label: 'What we check in Tulpar cars' },
      },
      {
        id: 'trust',
        title: 'Honest listings',
        paragraphs: [
          'A moderator reviews every listing before it is published. We spot repeated VINs and photos, prices far below the market and new accounts automatically, and the seller’s phone is confirmed with an SMS code.',
          'Never prepay for a car you have not seen, and never tell anyone your SMS codes or card details. If someone asks for them, report them right in the conversation.',
        ],
        link: { href: '/user-agreements', label: 'Marketplace rules' },
      },
    ],
  },
}
