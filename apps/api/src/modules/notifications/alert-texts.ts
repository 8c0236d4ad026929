import type { LeadKind, LeadStatus, Locale } from '@tulpar/contracts'
import { formatPrice } from '@tulpar/contracts/format'
import type { Alert } from '../jobs/index.ts'

/** An alert in one language, for each channel. */
export interface AlertText {
  /** The inbox message and the push body. */
  body: string
  /** The email subject and the push title. */
  subject: string
  /** Where it leads, a path on the site. */
  path: string
  /** The inbox message ends with the link too (where it is the point of the message, as a feed's report). */
  linkInInbox?: boolean
}

function plural(n: number, locale: Locale, forms: { ru: [string, string, string]; kk: string; en: [string, string] }) {
  if (locale === 'kk') return forms.kk
  if (locale === 'en') return n === 1 ? forms.en[0] : forms.en[1]
  const mod10 = n % 10
  const mod100 = n % 100
  if (mod10 === 1 && mod100 !== 11) return forms.ru[0]
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms.ru[1]
  return forms.ru[2]
}

const CARS = { ru: ['новая машина', 'новые машины', 'новых машин'], kk: 'жаңа көлік', en: ['new car', 'new cars'] } as {
  ru: [string, string, string]
  kk: string
  en: [string, string]
}

const LEAD_KIND_NAMES: Record<LeadKind, Record<Locale, string>> = {
  callback: { ru: 'Обратный звонок', kk: 'Кері қоңырау', en: 'Call-back' },
  credit: { ru: 'Заявка на кредит', kk: 'Несиеге өтінім', en: 'Credit application' },
  partner_request: { ru: 'Заявка партнёру', kk: 'Серіктеске өтінім', en: 'Partner request' },
  vehicle_check: { ru: 'Проверка автомобиля', kk: 'Көлікті тексеру', en: 'Vehicle check' },
}

const LEAD_STATUS_NAMES: Record<LeadStatus, Record<Locale, string>> = {
  new: { ru: 'новая', kk: 'жаңа', en: 'new' },
  in_progress: { ru: 'в работе', kk: 'өңделуде', en: 'in progress' },
  done: { ru: 'выполнена', kk: 'орындалды', en: 'done' },
  rejected: { ru: 'отклонена', kk: 'қабылданбады', en: 'rejected' },
}

/** Writes an alert in the user's language. News and promotions carry their own texts (see broadcasts). */
export function alertText(alert: Exclude<Alert, { kind: 'broadcast' }>, locale: Locale): AlertText {
  switch (alert.kind) {
    case 'price-dropped': {
      const from = formatPrice(alert.fromKzt, locale)
      const to = formatPrice(alert.toKzt, locale)
      const path = `/cars/${alert.listingId}`
      if (locale === 'kk')
        return {
          subject: `Бағасы төмендеді: ${alert.title}`,
          body: `Таңдаулыңыздағы ${alert.title} арзандады: бұрын ${from}, қазір ${to}.`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `Price drop: ${alert.title}`,
          body: `The price of ${alert.title} in your favourites dropped from ${from} to ${to}.`,
          path,
        }
      return {
        subject: `Цена снижена: ${alert.title}`,
        body: `Цена на ${alert.title} из избранного снизилась с ${from} до ${to}.`,
        path,
      }
    }
    case 'sold': {
      const path = '/wishlist'
      if (locale === 'kk')
        return { subject: `Сатылды: ${alert.title}`, body: `Таңдаулыңыздағы ${alert.title} сатылып кетті.`, path }
      if (locale === 'en')
        return { subject: `Sold: ${alert.title}`, body: `${alert.title} from your favourites has been sold.`, path }
      return { subject: `Продано: ${alert.title}`, body: `Автомобиль ${alert.title} из избранного продан.`, path }
    }
    case 'removed': {
      const path = '/wishlist'
      if (locale === 'kk')
        return {
          subject: `Хабарландыру жойылды: ${alert.title}`,
          body: `Сатушы таңдаулыңыздағы ${alert.title} хабарландыруын алып тастады.`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `Listing removed: ${alert.title}`,
          body: `The seller removed the listing of ${alert.title} from your favourites.`,
          path,
        }
      return {
        subject: `Объявление снято: ${alert.title}`,
        body: `Продавец снял объявление ${alert.title} из избранного.`,
        path,
      }
    }
    case 'withdrawn': {
      const path = '/wishlist'
      if (locale === 'kk')
        return {
          subject: `Сатылымнан алынды: ${alert.title}`,
          body: `Таңдаулыңыздағы ${alert.title} хабарландыруы сатылымнан алынды, ол енді сайтта көрсетілмейді.`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `No longer on sale: ${alert.title}`,
          body: `The listing of ${alert.title} from your favourites has been withdrawn from sale and is no longer shown.`,
          path,
        }
      return {
        subject: `Снято с продажи: ${alert.title}`,
        body: `Объявление ${alert.title} из избранного снято с продажи и больше не показывается.`,
        path,
      }
    }
    case 'complaint-upheld': {
      const path = '/auto'
      if (locale === 'kk')
        return {
          subject: `Шағымыңыз бойынша шара қолданылды: ${alert.title}`,
          body: `Шағымыңыз үшін рахмет: модераторлар ${alert.title} хабарландыруын тексеріп, сатылымнан алып тастады.`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `Your report was acted on: ${alert.title}`,
          body: `Thank you for your report: our moderators checked the listing of ${alert.title} and took it down.`,
          path,
        }
      return {
        subject: `Меры по вашей жалобе приняты: ${alert.title}`,
        body: `Спасибо за жалобу: модераторы проверили объявление ${alert.title} и сняли его с продажи.`,
        path,
      }
    }
    case 'lead-new': {
      const path = `/admin/leads/${alert.leadId}`
      const kind = LEAD_KIND_NAMES[alert.leadKind][locale]
      if (locale === 'kk')
        return {
          subject: `Жаңа өтінім №${alert.leadId}: ${kind}`,
          body: `Өтінімдер үстеліне жаңа өтінім түсті: ${kind} (№${alert.leadId}).`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `New lead #${alert.leadId}: ${kind}`,
          body: `A new lead is waiting in the leads desk: ${kind} (#${alert.leadId}).`,
          path,
        }
      return {
        subject: `Новая заявка №${alert.leadId}: ${kind}`,
        body: `В очереди заявок новая заявка: ${kind} (№${alert.leadId}).`,
        path,
      }
    }
    case 'lead-status': {
      const path = '/account/requests'
      const kind = LEAD_KIND_NAMES[alert.leadKind][locale]
      const status = LEAD_STATUS_NAMES[alert.status][locale]
      if (locale === 'kk')
        return {
          subject: `Өтініміңіз: ${status}`,
          body: `«${kind}» өтініміңіздің (№${alert.leadId}) күйі: ${status}.`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `Your request: ${status}`,
          body: `Your ${kind.toLowerCase()} request (#${alert.leadId}) is now: ${status}.`,
          path,
        }
      return {
        subject: `Ваша заявка: ${status}`,
        body: `Статус вашей заявки «${kind}» (№${alert.leadId}): ${status}.`,
        path,
      }
    }
    case 'feed-import':
      return feedImportText(alert, locale)
    case 'search-matches': {
      const n = alert.count
      const cars = plural(n, locale, CARS)
      const path = `/account/searches/${alert.savedSearchId}`
      if (locale === 'kk')
        return {
          subject: `«${alert.name}» іздеуі бойынша ${n} ${cars}`,
          body: `Сақталған «${alert.name}» іздеуіңізге сай ${n} ${cars} пайда болды.`,
          path,
        }
      if (locale === 'en')
        return {
          subject: `${n} ${cars} for “${alert.name}”`,
          body: `${n} ${cars} matching your saved search “${alert.name}” appeared.`,
          path,
        }
      return {
        subject: `${n} ${cars} по поиску «${alert.name}»`,
        body: `По вашему сохранённому поиску «${alert.name}» появились ${n} ${cars}.`,
        path,
      }
    }
  }
}

const FEED_SOURCES = {
  upload: { ru: 'загруженный файл', kk: 'жүктелген файл', en: 'uploaded file' },
  url: { ru: 'по ссылке', kk: 'сілтеме бойынша', en: 'from its URL' },
} satisfies Record<string, Record<Locale, string>>

/** A dealer's feed import finished: the outcome and its counts, and the link to its report in the dealer desk. */
function feedImportText(alert: Extract<Alert, { kind: 'feed-import' }>, locale: Locale): AlertText {
  const { importId: id, dealerName: dealer, counts: n } = alert
  const source = FEED_SOURCES[alert.source][locale]
  const at = { path: `/dealer/${alert.dealerId}/imports/${id}`, linkInInbox: true }
  if (locale === 'kk') {
    if (alert.status === 'applied')
      return {
        subject: `Фид қолданылды: №${id} импорт`,
        body: `«${dealer}» фиді (${source}) қолданылды, №${id} импорт. Қосылды: ${n.created}, жаңартылды: ${n.updated}, сатылымнан алынды: ${n.removed}, қабылданбаған жолдар: ${n.refused}.`,
        ...at,
      }
    if (alert.status === 'refused')
      return {
        subject: `Фид қабылданбады: №${id} импорт`,
        body: `«${dealer}» фиді (${source}) толығымен қабылданбады, №${id} импорт: хабарландырулар өзгерген жоқ. Себебі есепте көрсетілген.`,
        ...at,
      }
    return {
      subject: `Фид жүктелмеді: №${id} импорт`,
      body: `«${dealer}» фидін (${source}) жүктеу мүмкін болмады, №${id} импорт: хабарландырулар өзгерген жоқ. Себебі есепте көрсетілген.`,
      ...at,
    }
  }
  if (locale === 'en') {
    if (alert.status === 'applied')
      return {
        subject: `Feed applied: import #${id}`,
        body: `The feed of ${dealer} (${source}) was applied, import #${id}. Created: ${n.created}, updated: ${n.updated}, taken off sale: ${n.removed}, rows refused: ${n.refused}.`,
        ...at,
      }
    if (alert.status === 'refused')
      return {
        subject: `Feed refused: import #${id}`,
        body: `The feed of ${dealer} (${source}) was refused whole, import #${id}: no cars changed. The report says why.`,
        ...at,
      }
    return {
      subject: `Feed not fetched: import #${id}`,
      body: `The feed of ${dealer} (${source}) could not be fetched, import #${id}: no cars changed. The report says why.`,
      ...at,
    }
  }
  if (alert.status === 'applied')
    return {
      subject: `Фид применён: импорт №${id}`,
      body: `Фид «${dealer}» (${source}) применён, импорт №${id}. Добавлено: ${n.created}, обновлено: ${n.updated}, снято с продажи: ${n.removed}, отклонено строк: ${n.refused}.`,
      ...at,
    }
  if (alert.status === 'refused')
    return {
      subject: `Фид отклонён: импорт №${id}`,
      body: `Фид «${dealer}» (${source}) отклонён целиком, импорт №${id}: объявления не изменились. Причина указана в отчёте.`,
      ...at,
    }
  return {
    subject: `Фид не загружен: импорт №${id}`,
    body: `Не удалось загрузить фид «${dealer}» (${source}), импорт №${id}: объявления не изменились. Причина указана в отчёте.`,
    ...at,
  }
}

/** The email's footer: why it came and the one-click unsubscribe link. */
export function emailFooter(locale: Locale, unsubscribeUrl: string, settingsUrl: string): string {
  if (locale === 'kk')
    return `\n\n—\nБұл хатты хабарландыру баптауларыңызға сай жібердік: ${settingsUrl}\nЖазылымнан бас тарту: ${unsubscribeUrl}`
  if (locale === 'en')
    return `\n\n—\nYou get this email because of your notification settings: ${settingsUrl}\nUnsubscribe: ${unsubscribeUrl}`
  return `\n\n—\nВы получили это письмо по своим настройкам уведомлений: ${settingsUrl}\nОтписаться: ${unsubscribeUrl}`
}

export function openLine(locale: Locale, url: string): string {
  if (locale === 'kk') return `\n\nАшу: ${url}`
  if (locale === 'en') return `\n\nOpen: ${url}`
  return `\n\nОткрыть: ${url}`
}
