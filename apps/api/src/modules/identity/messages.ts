import type { Locale } from '@tulpar/contracts'

/**
 * Texts the API sends itself (email and SMS), in the product's three languages. The reset email uses the
 * account's profile language; the SMS code goes out before any profile exists, so it carries ru and kk.
 */
const RESET_EMAIL: Record<Locale, { subject: string; text: (url: string) => string }> = {
  ru: {
    subject: 'Tulpar Auto: восстановление пароля',
    text: (url) =>
      `Чтобы задать новый пароль, откройте ссылку: ${url}\n\nЕсли вы не запрашивали восстановление, ничего не делайте.`,
  },
  kk: {
    subject: 'Tulpar Auto: құпиясөзді қалпына келтіру',
    text: (url) =>
      `Жаңа құпиясөз орнату үшін сілтемені ашыңыз: ${url}\n\nЕгер қалпына келтіруді сұрамаған болсаңыз, ештеңе істемеңіз.`,
  },
  en: {
    subject: 'Tulpar Auto: reset your password',
    text: (url) => `To set a new password, open this link: ${url}\n\nIf you did not ask for this, do nothing.`,
  },
}

export function resetPasswordEmail(locale: Locale, url: string): { subject: string; text: string } {
  const m = RESET_EMAIL[locale]
  return { subject: m.subject, text: m.text(url) }
}

export function smsCodeText(code: string): string {
  return `Tulpar Auto: ${code} — код входа, никому его не сообщайте. Кіру коды, ешкімге айтпаңыз.`
}
