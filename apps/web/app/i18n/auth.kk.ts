import type { authRu } from './auth.ru.ts'

export const authKk: Record<keyof typeof authRu, string> = {
  'auth.social.local':
    'Сынақ кіру: мұнда Google мен Apple жергілікті кіру бетімен алмастырылған, нағыз аккаунт қажет емес.',
  'admin.roles.history': 'Рөлдер тарихы',
  'admin.roles.history.entry': '{from} → {to}',
  'admin.roles.history.byCommand': 'сервердегі командамен',
}
