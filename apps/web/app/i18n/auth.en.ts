import type { authRu } from './auth.ru.ts'

export const authEn: Record<keyof typeof authRu, string> = {
  'auth.social.local':
    'Test sign-in: Google and Apple are replaced here by a local sign-in page, no real account is needed.',
  'admin.roles.history': 'Role history',
  'admin.roles.history.entry': '{from} → {to}',
  'admin.roles.history.byCommand': 'by a server command',
}
