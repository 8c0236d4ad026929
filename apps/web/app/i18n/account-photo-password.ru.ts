/**
 * The account page's photo and password panels (spec section 8). Their keys keep the `account2.` prefix they were
 * written with.
 */
export const accountPhotoPasswordRu = {
  'account2.photo.title': 'Фото профиля',
  'account2.photo.current': 'Ваше фото',
  'account2.photo.none': 'Фото пока нет',
  'account2.photo.field': 'Новое фото',
  'account2.photo.hint': 'JPEG, PNG, WebP или AVIF, не больше 10 МБ. Данные о месте съёмки удаляются.',
  'account2.photo.upload': 'Загрузить фото',
  'account2.photo.updated': 'Фото профиля обновлено',
  'account2.photo.required': 'Выберите файл с фото',
  'account2.photo.invalid':
    'Этот файл не получается открыть как изображение. Выберите фото в формате JPEG, PNG, WebP или AVIF.',
  'account2.photo.tooLarge': 'Файл больше 10 МБ. Выберите фото поменьше.',
  'account2.photo.tooManyPixels': 'Снимок слишком большой: не больше 50 мегапикселей. Уменьшите его и загрузите снова.',
  'account2.password.title': 'Пароль',
  'account2.password.text': 'После смены пароля на всех других устройствах будет выполнен выход.',
  'account2.password.current': 'Текущий пароль',
  'account2.password.new': 'Новый пароль',
  'account2.password.repeat': 'Повторите новый пароль',
  'account2.password.submit': 'Сменить пароль',
  'account2.password.changed': 'Пароль изменён. На других устройствах выполнен выход.',
  'account2.password.same': 'Новый пароль совпадает с текущим',
}
