import { describe, expect, test } from 'vitest'
import { actionErrorKey } from './action-errors.ts'
import { looksLikeEmail } from './api.ts'
import { authErrorKey } from './errors.ts'
import { accountLabel, cleanPhone, formatPhone, normaliseKzPhone } from './phone.ts'
import { phoneErrorKey } from './phone-errors.ts'
import { safeLocalPath, safeRedirect, signInHref } from './redirect.ts'

describe('phone numbers', () => {
  test('parentheses, spaces and dashes are removed (spec: phone login)', () => {
    expect(cleanPhone('+7 (701) 123-45-67')).toBe('+77011234567')
  })

  test.each([
    ['+7 (701) 123-45-67', '+77011234567'],
    ['8 701 123 45 67', '+77011234567'],
    ['77011234567', '+77011234567'],
    ['7011234567', '+77011234567'],
    ['+7 495 123 45 67', null],
    ['12345', null],
    ['+7 701 abc', null],
  ])('%s reads as %s', (input, e164) => {
    expect(normaliseKzPhone(input)).toBe(e164)
  })

  test('shown grouped', () => {
    expect(formatPhone('+77011234567')).toBe('+7 701 123 45 67')
  })

  test('the header shows the name, or the phone for phone accounts', () => {
    expect(accountLabel({ name: 'Айдос', phoneNumber: null })).toBe('Айдос')
    expect(accountLabel({ name: '+77011234567', phoneNumber: '+77011234567' })).toBe('+7 701 123 45 67')
    expect(accountLabel({ name: '', phoneNumber: '+77011234567' })).toBe('+7 701 123 45 67')
  })
})

describe('redirect after sign-in', () => {
  test('only same-site paths', () => {
    expect(safeRedirect('/cars?brand=toyota')).toBe('/cars?brand=toyota')
    expect(safeRedirect('https://evil.example/')).toBe('/account')
    expect(safeRedirect('//evil.example/')).toBe('/account')
    expect(safeRedirect('/\\evil.example/')).toBe('/account')
    expect(safeRedirect(null)).toBe('/account')
    expect(safeRedirect('/auth?redirectTo=/x')).toBe('/account')
    // Found by the outside test: a tab (browsers drop it) or a backslash (read as /) made a protocol-relative URL.
    expect(safeRedirect('/\t/evil.example/')).toBe('/account')
    expect(safeRedirect('/\n/evil.example/')).toBe('/account')
    expect(safeLocalPath('/\\evil.example/')).toBe('/')
    expect(safeLocalPath('/\t\\evil.example')).toBe('/')
    expect(safeLocalPath('/%5Cevil.example/')).toBe('/%5Cevil.example/')
    expect(safeLocalPath('/ /evil')).toBe('/%20/evil')
    expect(safeLocalPath('/cars/\u00ff\u00fe')).toBe('/cars/%C3%BF%C3%BE')
    expect(safeLocalPath('javascript:alert(1)')).toBe('/')
    expect(safeLocalPath('/auth?x=1#top')).toBe('/auth?x=1#top')
  })

  test('sign-in links carry the way back', () => {
    expect(signInHref('/wishlist')).toBe('/auth?redirectTo=%2Fwishlist')
    expect(signInHref('/', 'register')).toBe('/auth?mode=register')
  })
})

describe('error texts (spec section 8)', () => {
  test('sign-in codes map to the catalogue; unknown codes give the default', () => {
    expect(authErrorKey('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')).toBe('auth.error.emailInUse')
    expect(authErrorKey('PASSWORD_TOO_SHORT')).toBe('auth.error.weakPassword')
    expect(authErrorKey('auth.too_many_requests')).toBe('auth.error.tooManyRequests')
    expect(authErrorKey('INVALID_EMAIL_OR_PASSWORD')).toBe('auth.error.default')
    expect(authErrorKey('SOMETHING_NEW')).toBe('auth.error.default')
  })

  test("a refused email sign-in's three answers (issue 35): wrong password, unknown email, no password", () => {
    expect(authErrorKey('INVALID_PASSWORD')).toBe('auth.error.wrongPassword')
    expect(authErrorKey('USER_NOT_FOUND')).toBe('auth.error.userNotFound')
    // An account made with Google, Apple or a phone code: the spec's hint that it signs in another way.
    expect(authErrorKey('CREDENTIAL_ACCOUNT_NOT_FOUND')).toBe('auth.error.accountExists')
  })

  test('other actions fall back to "Action failed"', () => {
    expect(actionErrorKey('profile.phone_in_use')).toBe('account.error.phoneInUse')
    expect(actionErrorKey('http.500')).toBe('generic.failed')
    expect(phoneErrorKey('phone.code_invalid')).toBe('auth.error.codeInvalid')
    expect(phoneErrorKey(null)).toBe('generic.failed')
  })

  test('emails are checked loosely before the server', () => {
    expect(looksLikeEmail('a@b.kz')).toBe(true)
    expect(looksLikeEmail('a@b')).toBe(false)
  })
})
