import { type Locale, RejectionReason } from '@tulpar/contracts'

/*
 * Texts the API writes itself, in ru/kk/en: rejection reasons, signal explanations and the messages sellers
 * receive. (The web's own labels live in apps/web/app/i18n/admin.*.ts.)
 */

export const REJECTION_REASON_TEXTS: Record<RejectionReason, Record<Locale, string>> = {
  wrong_price: {
    ru: 'Цена не соответствует автомобилю',
    kk: 'Баға көлікке сәйкес келмейді',
    en: 'The price does not match the car',
  },
  fake_photos: {
    ru: 'Фотографии не этого автомобиля или взяты из интернета',
    kk: 'Фотосуреттер бұл көліктікі емес немесе интернеттен алынған',
    en: 'The photos are not of this car or were taken from the internet',
  },
  duplicate: {
    ru: 'Повтор уже размещённого объявления',
    kk: 'Бұрын орналастырылған хабарландырудың қайталануы',
    en: 'A duplicate of a listing that is already placed',
  },
  incomplete: {
    ru: 'Не хватает сведений об автомобиле',
    kk: 'Көлік туралы мәліметтер жеткіліксіз',
    en: 'Information about the car is missing',
  },
  prohibited: {
    ru: 'Содержание нарушает правила площадки',
    kk: 'Мазмұны сайт ережелерін бұзады',
    en: 'The content breaks the marketplace rules',
  },
  other: { ru: 'Другая причина', kk: 'Басқа себеп', en: 'Another reason' },
}

export function reasonText(code: string | null, locale: Locale): string | null {
  if (code === null) return null
  const known = RejectionReason.safeParse(code)
  return known.success ? REJECTION_REASON_TEXTS[known.data][locale] : code
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name]
    return value === undefined ? match : String(value)
  })
}

type Texts = Record<Locale, string>
const T = {
  vinFound: {
    ru: 'VIN {vin} уже есть в объявлениях других продавцов (опубликованных, на модерации или проданных): № {ids}.',
    kk: '{vin} VIN-і басқа сатушылардың хабарландыруларында бар (жарияланған, модерациядағы немесе сатылған): № {ids}.',
    en: 'VIN {vin} already appears in listings of other sellers (published, in moderation or sold): No. {ids}.',
  },
  vinClean: {
    ru: 'Другие продавцы не размещали объявлений с VIN {vin}.',
    kk: 'Басқа сатушылар {vin} VIN-імен хабарландыру орналастырмаған.',
    en: 'No other seller has listed VIN {vin}.',
  },
  vinMissing: {
    ru: 'VIN не указан, поэтому повтор проверить нельзя.',
    kk: 'VIN көрсетілмеген, сондықтан қайталануын тексеру мүмкін емес.',
    en: 'No VIN is given, so duplicates cannot be checked.',
  },
  photosFound: {
    ru: 'Фото, побайтно совпадающих с фотографиями других объявлений: {count} (№ {ids}).',
    kk: 'Басқа хабарландырулардың фотосуреттерімен толық сәйкес келетін фотосуреттер саны: {count} (№ {ids}).',
    en: 'Photos identical byte for byte to photos of other listings: {count} (No. {ids}).',
  },
  photosClean: {
    ru: 'Ни одно из загруженных фото ({count}) не совпадает с фотографиями других объявлений.',
    kk: 'Жүктелген фотосуреттердің ({count}) бірде-біреуі басқа хабарландырулардың фотосуреттерімен сәйкес келмейді.',
    en: 'None of the uploaded photos ({count}) matches a photo of another listing.',
  },
  photosNone: {
    ru: 'Загруженных фотографий нет, сравнивать нечего.',
    kk: 'Жүктелген фотосуреттер жоқ, салыстыратын ештеңе жоқ.',
    en: 'There are no uploaded photos to compare.',
  },
  priceVsEstimate: {
    ru: 'Цена {price} составляет {pct}% рыночной оценки {reference}.',
    kk: 'Бағасы {price}, бұл {reference} нарықтық бағасының {pct}%-ы.',
    en: 'The price {price} is {pct}% of the market estimate of {reference}.',
  },
  priceVsMedian: {
    ru: 'Цена {price} составляет {pct}% медианной цены {reference} по {count} опубликованным объявлениям той же модели {from}–{to} годов.',
    kk: 'Бағасы {price}, бұл осы модельдің {from}–{to} жылдардағы {count} жарияланған хабарландыруы бойынша {reference} медианалық бағасының {pct}%-ы.',
    en: 'The price {price} is {pct}% of the median price of {reference} across {count} published listings of the same model from {from}–{to}.',
  },
  priceLow: {
    ru: 'Это ниже порога {threshold}%: возможен обман со «слишком дешёвой» машиной.',
    kk: 'Бұл {threshold}% шегінен төмен: «тым арзан» көлікпен алаяқтық болуы мүмкін.',
    en: 'That is below the {threshold}% threshold: a possible “too cheap” scam.',
  },
  priceFine: {
    ru: 'Порог {threshold}% не нарушен.',
    kk: '{threshold}% шегі бұзылмаған.',
    en: 'That is within the {threshold}% threshold.',
  },
  priceNoReference: {
    ru: 'Рыночной оценки нет, а опубликованных объявлений той же модели {from}–{to} годов меньше {min}: сравнить не с чем.',
    kk: 'Нарықтық баға жоқ, ал осы модельдің {from}–{to} жылдардағы жарияланған хабарландырулары {min}-ден аз: салыстыратын ештеңе жоқ.',
    en: 'There is no market estimate and fewer than {min} published listings of the same model from {from}–{to} to compare with.',
  },
  priceMissing: { ru: 'Цена не указана.', kk: 'Бағасы көрсетілмеген.', en: 'No price is given.' },
  accountNew: {
    ru: 'Аккаунт продавца создан {date}: это меньше {days} дней назад.',
    kk: 'Сатушының аккаунты {date} құрылған: бұл {days} күннен аз уақыт бұрын.',
    en: 'The seller’s account was created on {date}, less than {days} days ago.',
  },
  accountOld: {
    ru: 'Аккаунт продавца создан {date}, больше {days} дней назад.',
    kk: 'Сатушының аккаунты {date} құрылған, {days} күннен көп уақыт бұрын.',
    en: 'The seller’s account was created on {date}, more than {days} days ago.',
  },
  complaintsNone: {
    ru: 'Жалоб покупателей на это объявление нет, объявления продавца по жалобам не снимались.',
    kk: 'Бұл хабарландыруға сатып алушылардың шағымы жоқ, сатушының хабарландырулары шағым бойынша алынбаған.',
    en: 'No buyer has complained about this listing, and no listing of this seller was taken down after complaints.',
  },
  complaintsOpen: {
    ru: 'Нерассмотренных жалоб покупателей на это объявление: {count}.',
    kk: 'Бұл хабарландыруға қаралмаған шағымдар саны: {count}.',
    en: 'Unresolved buyer complaints about this listing: {count}.',
  },
  complaintsTakenDown: {
    ru: 'Объявления продавца, снятые по жалобам: № {ids}.',
    kk: 'Сатушының шағым бойынша алынған хабарландырулары: № {ids}.',
    en: 'Listings of this seller taken down after complaints: No. {ids}.',
  },
  approved: {
    ru: 'Ваше объявление «{title}» прошло модерацию и опубликовано.',
    kk: 'Сіздің «{title}» хабарландыруыңыз модерациядан өтті және жарияланды.',
    en: 'Your listing “{title}” has passed moderation and is now published.',
  },
  rejected: {
    ru: 'Ваше объявление «{title}» не прошло модерацию. Причина: {reason}.',
    kk: 'Сіздің «{title}» хабарландыруыңыз модерациядан өтпеді. Себебі: {reason}.',
    en: 'Your listing “{title}” did not pass moderation. Reason: {reason}.',
  },
  moderatorComment: {
    ru: 'Комментарий модератора: {comment}',
    kk: 'Модератордың түсініктемесі: {comment}',
    en: 'Moderator’s comment: {comment}',
  },
  fixAndResend: {
    ru: 'Исправьте объявление и отправьте его на модерацию снова.',
    kk: 'Хабарландыруды түзетіп, модерацияға қайта жіберіңіз.',
    en: 'Please correct the listing and send it to moderation again.',
  },
} satisfies Record<string, Texts>

export type TextKey = keyof typeof T

export function text(key: TextKey, locale: Locale, params: Record<string, string | number> = {}): string {
  return fill(T[key][locale], params)
}

/** The seller's message about a decision, in the seller's language. */
export function decisionMessage(
  decision: { action: 'approved' } | { action: 'rejected'; reasonCode: RejectionReason },
  title: string,
  comment: string | null,
  locale: Locale,
): string {
  const lines =
    decision.action === 'approved'
      ? [text('approved', locale, { title })]
      : [text('rejected', locale, { title, reason: REJECTION_REASON_TEXTS[decision.reasonCode][locale] })]
  if (comment) lines.push(text('moderatorComment', locale, { comment }))
  if (decision.action === 'rejected') lines.push(text('fixAndResend', locale))
  return lines.join('\n')
}
