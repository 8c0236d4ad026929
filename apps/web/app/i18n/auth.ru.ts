/** Sign-in through the local identity provider (demo and tests) and the back office's role history. */
export const authRu = {
  'auth.social.local':
    'Тестовый вход: Google и Apple здесь заменены локальной страницей входа, настоящий аккаунт не нужен.',
  'admin.roles.history': 'История ролей',
  'admin.roles.history.entry': '{from} → {to}',
  'admin.roles.history.byCommand': 'командой на сервере',
} as const
