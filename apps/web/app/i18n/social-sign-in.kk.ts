import type { socialSignInRu } from './social-sign-in.ru.ts'

export const socialSignInKk: Record<keyof typeof socialSignInRu, string> = {
  'auth.social.or': 'немесе',
  'auth.social.google': 'Google арқылы кіру',
  'auth.social.apple': 'Apple арқылы кіру',
  'auth.social.unavailable': '{provider} арқылы кіруді ашу мүмкін болмады. Байланысты тексеріп, қайталап көріңіз.',
  'auth.error.operationNotAllowed': 'Бұл әрекетке рұқсат жоқ.',
  'auth.error.popupClosed': 'Кіру терезесін пайдаланушы жапты.',
  'auth.error.popupCancelled': 'Кіру терезесін ашу сұрауы тоқтатылды.',
  'auth.error.accountExists': 'Аккаунт басқа тіркелгі деректерімен бұрыннан бар.',
  'generic.tryLater': 'Кешіріңіз, бірдеңе дұрыс болмады, кейінірек қайталап көріңіз',
}
