import { describe, expect, test } from 'vitest'
import { rateLimitRule } from './metrics.ts'

describe('the rule of a rate limit key (the refusals metric label)', () => {
  test('is the leading words of the key, never whose count it is', () => {
    expect(rateLimitRule('sms:num:min:+77011234567')).toBe('sms:num:min')
    expect(rateLimitRule('sms:ip:203.0.113.5')).toBe('sms:ip')
    expect(rateLimitRule('login:id:aigerim@example.kz')).toBe('login:id')
    expect(rateLimitRule('phone-reveal:ip:short:198.51.100.7')).toBe('phone-reveal:ip:short')
    expect(rateLimitRule('check-order:user:Xk3pQ9aaBbCc')).toBe('check-order:user')
    expect(rateLimitRule('complaints:u1Zx8')).toBe('complaints')
    expect(rateLimitRule('chat:messagesBurst:Xk3pQ9aaBbCc')).toBe('chat')
  })

  test('an IPv6 address, whose parts can be letters, is not taken for a word', () => {
    expect(rateLimitRule('login:ip:2001:db8::1')).toBe('login:ip')
    expect(rateLimitRule('sms:ip:abcd:ef01::2')).toBe('sms:ip')
    expect(rateLimitRule('code:ip:::ffff:192.0.2.1')).toBe('code:ip')
    expect(rateLimitRule('signup:ip:fe80::1')).toBe('signup:ip')
  })

  test('an id made only of lower-case letters is never taken for a word: ids are longer than a qualifier', () => {
    expect(rateLimitRule('garage:write:zqxwvutsrponmlkj')).toBe('garage:write')
    expect(rateLimitRule('complaints:zqxwvutsrponmlkjihgfedcbazyxwvuts')).toBe('complaints')
    // A feature and two qualifiers at most.
    expect(rateLimitRule('xx:yy:zz:ww')).toBe('xx:yy:zz')
  })

  test('a key that starts with no word is `other`', () => {
    expect(rateLimitRule('203.0.113.5')).toBe('other')
    expect(rateLimitRule('')).toBe('other')
  })
})
