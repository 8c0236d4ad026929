import type { accountPhotoPasswordRu } from './account-photo-password.ru.ts'

export const accountPhotoPasswordKk: Record<keyof typeof accountPhotoPasswordRu, string> = {
  'account2.photo.title': 'Профиль суреті',
  'account2.photo.current': 'Сіздің суретіңіз',
  'account2.photo.none': 'Әзірге сурет жоқ',
  'account2.photo.field': 'Жаңа сурет',
  'account2.photo.hint':
    'JPEG, PNG, WebP немесе AVIF, 10 МБ-тан аспауы керек. Түсірілген жер туралы деректер өшіріледі.',
  'account2.photo.upload': 'Суретті жүктеу',
  'account2.photo.updated': 'Профиль суреті жаңартылды',
  'account2.photo.required': 'Сурет файлын таңдаңыз',
  'account2.photo.invalid':
    'Бұл файлды сурет ретінде ашу мүмкін емес. JPEG, PNG, WebP немесе AVIF пішіміндегі суретті таңдаңыз.',
  'account2.photo.tooLarge': 'Файл 10 МБ-тан үлкен. Кішірек сурет таңдаңыз.',
  'account2.photo.tooManyPixels': 'Сурет тым үлкен: 50 мегапиксельден аспауы керек. Кішірейтіп, қайта жүктеңіз.',
  'account2.password.title': 'Құпиясөз',
  'account2.password.text': 'Құпиясөзді өзгерткеннен кейін басқа барлық құрылғыларда аккаунттан шығасыз.',
  'account2.password.current': 'Қазіргі құпиясөз',
  'account2.password.new': 'Жаңа құпиясөз',
  'account2.password.repeat': 'Жаңа құпиясөзді қайталаңыз',
  'account2.password.submit': 'Құпиясөзді өзгерту',
  'account2.password.changed': 'Құпиясөз өзгертілді. Басқа құрылғыларда аккаунттан шықтыңыз.',
  'account2.password.same': 'Жаңа құпиясөз қазіргісімен бірдей',
}
