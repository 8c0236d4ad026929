/** Sign-in with Google and Apple: the buttons, why a sign-in failed, and the fallback when the network failed. */
export const socialSignInRu = {
  'auth.social.or': 'или',
  'auth.social.google': 'Войти через Google',
  'auth.social.apple': 'Войти через Apple',
  'auth.social.unavailable': 'Не удалось открыть вход через {provider}. Проверьте соединение и попробуйте ещё раз.',
  'auth.error.operationNotAllowed': 'Операция не разрешена.',
  'auth.error.popupClosed': 'Окно входа было закрыто пользователем.',
  'auth.error.popupCancelled': 'Запрос на открытие окна входа был отменён.',
  'auth.error.accountExists': 'Аккаунт уже существует с другими учётными данными.',
  'generic.tryLater': 'Извините, что-то пошло не так, попробуйте позже',
}
