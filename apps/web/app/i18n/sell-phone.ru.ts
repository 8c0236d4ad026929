/** Confirming the contact phone by SMS code at the publish step (issue 10, item 12). */
export const sellPhoneRu = {
  'sell.phone.title': 'Подтвердите номер телефона',
  'sell.phone.text':
    'Покупатели будут звонить на номер {phone}. Чтобы отправить объявление на модерацию, подтвердите его кодом из SMS.',
  'sell.phone.textNew':
    'Покупатели будут звонить на новый номер {phone}. Чтобы сохранить его, подтвердите номер кодом из SMS.',
  'sell.phone.send': 'Получить код',
  'sell.phone.resend': 'Отправить код ещё раз',
  'sell.phone.sent': 'Мы отправили SMS с кодом на номер {phone}.',
  'sell.phone.code': 'Код из SMS',
  'sell.phone.change': 'Изменить номер',
  'sell.phone.submit': 'Подтвердить и отправить',
  'sell.phone.confirmed': 'Номер {phone} подтверждён.',
  'sell.phone.required': 'Сначала подтвердите номер телефона кодом из SMS.',
  'sell.phone.codeFormat': 'Введите 6 цифр из SMS.',
  'sell.phone.tooMany': 'Слишком много попыток. Попробуйте позже.',
  'sell.error.not_confirmed': 'Новый номер нужно подтвердить кодом из SMS.',
  'sell.phone.tooManyAttempts': 'Слишком много неверных кодов. Запросите новый код.',
} as const
