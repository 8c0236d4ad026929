import type { sellPhoneRu } from './sell-phone.ru.ts'

/** Жариялау қадамында байланыс телефонын SMS кодымен растау (10-тапсырма, 12-тармақ). */
export const sellPhoneKk: Record<keyof typeof sellPhoneRu, string> = {
  'sell.phone.title': 'Телефон нөмірін растаңыз',
  'sell.phone.text':
    'Сатып алушылар {phone} нөміріне хабарласады. Хабарландыруды модерацияға жіберу үшін нөмірді SMS-тегі кодпен растаңыз.',
  'sell.phone.textNew':
    'Сатып алушылар енді {phone} нөміріне хабарласады. Оны сақтау үшін нөмірді SMS-тегі кодпен растаңыз.',
  'sell.phone.send': 'Код алу',
  'sell.phone.resend': 'Кодты қайта жіберу',
  'sell.phone.sent': '{phone} нөміріне коды бар SMS жібердік.',
  'sell.phone.code': 'SMS-тегі код',
  'sell.phone.change': 'Нөмірді өзгерту',
  'sell.phone.submit': 'Растап, жіберу',
  'sell.phone.confirmed': '{phone} нөмірі расталды.',
  'sell.phone.required': 'Алдымен телефон нөмірін SMS-тегі кодпен растаңыз.',
  'sell.phone.codeFormat': 'SMS-тегі 6 санды енгізіңіз.',
  'sell.phone.tooMany': 'Әрекет тым көп болды. Кейінірек қайталаңыз.',
  'sell.error.not_confirmed': 'Жаңа нөмірді SMS-тегі кодпен растау керек.',
  'sell.phone.tooManyAttempts': 'Қате код тым көп енгізілді. Жаңа код сұраңыз.',
}
