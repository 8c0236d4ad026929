import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { I18nProvider } from '../../i18n/i18n-react.tsx'
import { ru } from '../../i18n/messages.ru.ts'
import { ToastProvider } from '../../ui/toast.tsx'
import { authErrorKey, popupErrorCode } from './errors.ts'
import { PopupError } from './identity-popups.ts'
import SocialSignIn, { type SocialProviders } from './social-sign-in.tsx'

/** The /auth markup part for these providers, rendered as the server renders it. */
function render(providers: SocialProviders): string {
  const router = createMemoryRouter([{ path: '/auth', element: createElement(SocialSignIn, providers) }], {
    initialEntries: ['/auth'],
  })
  // A .ts test has no JSX; these providers' typed props require `children`, so it goes in the props.
  // biome-ignore lint/correctness/noChildrenProp: see above
  const page = createElement(ToastProvider, { children: createElement(RouterProvider, { router }) })
  // biome-ignore lint/correctness/noChildrenProp: see above
  return renderToStaticMarkup(createElement(I18nProvider, { locale: 'ru', messages: ru, children: page }))
}

describe('Google and Apple buttons (shown only when configured)', () => {
  test('with the local identity provider, both show and say they are a test sign-in', () => {
    const html = render({ google: null, apple: null, local: true })
    expect(html).toContain('Войти через Google')
    expect(html).toContain('Войти через Apple')
    expect(html).toContain('Тестовый вход')
    // A configured provider keeps its real button; the note stays for the other one.
    const mixed = render({ google: 'web.apps.googleusercontent.com', apple: null, local: true })
    expect(mixed).toContain('Войти через Apple')
    expect(mixed).toContain('social-google-slot')
  })

  test('neither is rendered when neither provider is configured', () => {
    const html = render({ google: null, apple: null, local: false })
    expect(html).not.toContain('Google')
    expect(html).not.toContain('Apple')
    expect(html).not.toContain('social-sign-in')
  })

  test('only the configured one is rendered', () => {
    const google = render({ google: 'web.apps.googleusercontent.com', apple: null, local: false })
    expect(google).toContain('Войти через Google')
    expect(google).not.toContain('Apple')
    const apple = render({ google: null, apple: 'kz.tulpar.web', local: false })
    expect(apple).toContain('Войти через Apple')
    expect(apple).not.toContain('Google')
  })
})

describe('popup failures get the spec texts (section 8)', () => {
  test.each([
    [{ error: 'popup_closed_by_user' }, 'auth.error.popupClosed'],
    [{ error: 'user_cancelled_authorize' }, 'auth.error.popupClosed'],
    [{ code: 'auth/popup-closed-by-user' }, 'auth.error.popupClosed'],
    [{ type: 'popup_closed' }, 'auth.error.popupClosed'],
    [new PopupError('cancelled-popup-request'), 'auth.error.popupCancelled'],
    [{ code: 'auth/account-exists-with-different-credential' }, 'auth.error.accountExists'],
    [new PopupError('operation-not-allowed'), 'auth.error.operationNotAllowed'],
    [{ error: 'something_new' }, 'auth.error.default'],
    [new Error('boom'), 'auth.error.default'],
    [null, 'auth.error.default'],
  ] as const)('%o → %s', (error, key) => {
    expect(authErrorKey(popupErrorCode(error))).toBe(key)
  })

  test("the provider's codes map as the spec lists them", () => {
    expect(authErrorKey('auth/email-already-in-use')).toBe('auth.error.emailInUse')
    expect(authErrorKey('wrong-password')).toBe('auth.error.wrongPassword')
    expect(authErrorKey('too-many-requests')).toBe('auth.error.tooManyRequests')
    expect(authErrorKey('ID_TOKEN_INVALID')).toBe('auth.error.default')
  })
})
