import type { Locale, PromotionProduct } from '@tulpar/contracts'

const PRODUCT: Record<Locale, Record<PromotionProduct, string>> = {
  ru: { raise: 'Поднятие в списке', top: 'Топ-размещение', hot: 'Горячее предложение', highlight: 'Выделение цветом' },
  kk: { raise: 'Тізімде көтеру', top: 'Топ орналастыру', hot: 'Ыстық ұсыныс', highlight: 'Түспен бөлектеу' },
  en: { raise: 'Raise in the list', top: 'Top placement', hot: 'Hot offer', highlight: 'Highlight' },
}

/** The date and time a promotion ends, as the seller reads it (Kazakhstan time). */
function endsAt(at: Date, locale: Locale): string {
  const tag = locale === 'kk' ? 'kk-KZ' : locale === 'en' ? 'en-GB' : 'ru-RU'
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Almaty' }).format(at)
}

/** The inbox message and e-mail telling a seller that a promotion ends within a day. */
export function endingNotice(
  locale: Locale,
  p: { product: PromotionProduct; car: string; endsAt: Date; link: string },
): { subject: string; body: string } {
  const product = PRODUCT[locale][p.product]
  const when = endsAt(p.endsAt, locale)
  switch (locale) {
    case 'kk':
      return {
        subject: `${p.car}: «${product}» ертең аяқталады`,
        body: `${p.car} хабарландыруының «${product}» қызметі ${when} аяқталады. Ұзартқыңыз келсе, оны жарнамалау бетінде қайта сатып алыңыз: ${p.link}`,
      }
    case 'en':
      return {
        subject: `${p.car}: «${product}» ends tomorrow`,
        body: `The «${product}» of your listing ${p.car} ends on ${when}. To keep it going, buy it again on the listing's promotion page: ${p.link}`,
      }
    default:
      return {
        subject: `${p.car}: «${product}» заканчивается завтра`,
        body: `Услуга «${product}» для объявления ${p.car} закончится ${when}. Чтобы продлить её, купите её снова на странице продвижения объявления: ${p.link}`,
      }
  }
}
