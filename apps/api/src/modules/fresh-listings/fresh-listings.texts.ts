import type { Locale } from '@tulpar/contracts'
import type { PauseReason } from './fresh-listings.repository.ts'

/** Which message a seller gets: the question, or the news that the listing is paused (and why). */
export type NoticeKind = 'ask' | PauseReason

interface NoticeText {
  subject: string
  /** The inbox message and the email's text. */
  body: string
  sms: string
}

type Words = (car: string, link: string) => NoticeText

const TEXTS: Record<Locale, Record<NoticeKind, Words>> = {
  ru: {
    ask: (car, link) => ({
      subject: `${car}: всё ещё продаётся?`,
      body: `Подтвердите, что ${car} всё ещё продаётся: ${link}\nЕсли не ответить за 3 дня, объявление будет приостановлено, пока вы его не подтвердите. Покупатели видят, когда продавец подтверждал объявление, и доверяют свежим.`,
      sms: `Tulpar Auto: ${car} ещё продаётся? Подтвердите: ${link}`,
    }),
    unconfirmed: (car, link) => ({
      subject: `Объявление ${car} приостановлено`,
      body: `Вы не подтвердили, что ${car} ещё продаётся, поэтому покупатели его больше не видят. Если машина ещё продаётся, верните объявление одним нажатием: ${link}`,
      sms: `Tulpar Auto: объявление ${car} приостановлено. Вернуть: ${link}`,
    }),
    reported_sold: (car, link) => ({
      subject: `Покупатели пишут, что ${car} уже продан`,
      body: `Несколько покупателей сообщили, что ${car} уже продан, и объявление приостановлено. Если машина ещё продаётся, верните его одним нажатием: ${link}\nЕсли продана, отметьте это в своих объявлениях.`,
      sms: `Tulpar Auto: ${car} приостановлено по жалобам «уже продан». Вернуть: ${link}`,
    }),
  },
  kk: {
    ask: (car, link) => ({
      subject: `${car}: әлі сатылып жатыр ма?`,
      body: `${car} әлі сатылып жатқанын растаңыз: ${link}\n3 күн ішінде жауап бермесеңіз, хабарландыру сіз растағанша тоқтатыла тұрады. Сатып алушылар сатушының хабарландыруды қашан растағанын көреді және жаңа хабарландыруларға көбірек сенеді.`,
      sms: `Tulpar Auto: ${car} әлі сатылып жатыр ма? Растаңыз: ${link}`,
    }),
    unconfirmed: (car, link) => ({
      subject: `${car} хабарландыруы тоқтатылды`,
      body: `${car} әлі сатылып жатқанын растамадыңыз, сондықтан сатып алушылар оны енді көрмейді. Көлік әлі сатылып жатса, хабарландыруды бір басумен қайтарыңыз: ${link}`,
      sms: `Tulpar Auto: ${car} хабарландыруы тоқтатылды. Қайтару: ${link}`,
    }),
    reported_sold: (car, link) => ({
      subject: `Сатып алушылар ${car} сатылып кетті дейді`,
      body: `Бірнеше сатып алушы ${car} сатылып кеткенін хабарлады, сондықтан хабарландыру тоқтатылды. Көлік әлі сатылып жатса, оны бір басумен қайтарыңыз: ${link}\nСатылып кетсе, мұны өз хабарландыруларыңызда белгілеңіз.`,
      sms: `Tulpar Auto: «сатылып кетті» деген шағымдар бойынша ${car} тоқтатылды. Қайтару: ${link}`,
    }),
  },
  en: {
    ask: (car, link) => ({
      subject: `${car}: still for sale?`,
      body: `Please confirm that your ${car} is still for sale: ${link}\nWithout an answer within 3 days the listing is paused until you confirm. Buyers see when a seller last confirmed, and trust fresh listings more.`,
      sms: `Tulpar Auto: is your ${car} still for sale? Confirm: ${link}`,
    }),
    unconfirmed: (car, link) => ({
      subject: `Your ${car} listing is paused`,
      body: `You did not confirm that your ${car} is still for sale, so buyers no longer see it. If it is, bring the listing back with one tap: ${link}`,
      sms: `Tulpar Auto: your ${car} listing is paused. Bring it back: ${link}`,
    }),
    reported_sold: (car, link) => ({
      subject: `Buyers say your ${car} is sold`,
      body: `Several buyers reported that your ${car} is already sold, so the listing is paused. If it is still for sale, bring it back with one tap: ${link}\nIf it is sold, mark it so in your listings.`,
      sms: `Tulpar Auto: your ${car} is paused after "already sold" reports. Bring it back: ${link}`,
    }),
  },
}

export function noticeText(kind: NoticeKind, locale: Locale, car: string, link: string): NoticeText {
  return TEXTS[locale][kind](car, link)
}
