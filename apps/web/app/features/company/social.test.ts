import { describe, expect, test } from 'vitest'
import { describeSocialLink } from './social.ts'

describe('a social-media link', () => {
  test('names the network and the account', () => {
    expect(describeSocialLink('https://instagram.com/tulpar.auto.astana')).toEqual({
      network: 'Instagram',
      account: '@tulpar.auto.astana',
    })
    expect(describeSocialLink('https://www.instagram.com/tulpar.auto/')).toEqual({
      network: 'Instagram',
      account: '@tulpar.auto',
    })
    expect(describeSocialLink('https://t.me/tulpar_auto')).toEqual({ network: 'Telegram', account: '@tulpar_auto' })
  })

  test('shows a WhatsApp number as a phone number', () => {
    expect(describeSocialLink('https://wa.me/77770001500')).toEqual({
      network: 'WhatsApp',
      account: '+7 777 000 15 00',
    })
  })

  test('an unknown site reads as its host, and a broken address as itself', () => {
    expect(describeSocialLink('https://example.kz/tulpar')).toEqual({ network: 'example.kz', account: null })
    expect(describeSocialLink('not a url')).toEqual({ network: 'not a url', account: null })
    expect(describeSocialLink('https://instagram.com/')).toEqual({ network: 'Instagram', account: null })
  })
})
