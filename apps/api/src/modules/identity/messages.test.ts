import { describe, expect, test } from 'vitest'
import { resetPasswordEmail, smsCodeText } from './messages.ts'

describe('texts the API sends', () => {
  test('the reset email is written in the account language and carries the link', () => {
    const url = 'https://tulpar.kz/api/auth/reset-password/abc'
    expect(resetPasswordEmail('kk', url).subject).toContain('құпиясөз')
    expect(resetPasswordEmail('en', url).text).toContain(url)
    expect(resetPasswordEmail('ru', url).text).toContain('новый пароль')
  })

  test('the SMS carries the code once, with a warning in Russian and Kazakh', () => {
    const text = smsCodeText('482913')
    expect(text.match(/482913/g)).toHaveLength(1)
    expect(text).toMatch(/никому/)
    expect(text).toMatch(/ешкімге/)
  })
})
