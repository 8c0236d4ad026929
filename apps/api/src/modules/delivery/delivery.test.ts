import { describe, expect, test } from 'vitest'
import type { Db } from '../../db/client.ts'
import { createDelivery } from './delivery.ts'
import { linkify } from './outbox.page.ts'

const db = {} as Db

describe('createDelivery', () => {
  test('uses the outbox for both channels by default', () => {
    const d = createDelivery({ smtpUrl: null, mailFrom: 'x <x@tulpar.kz>', sms: { gateway: 'outbox' } }, db)
    expect(typeof d.mailer.send).toBe('function')
    expect(typeof d.sms.send).toBe('function')
  })

  test('builds SMTP and SMSC adapters when configured', () => {
    const d = createDelivery(
      {
        smtpUrl: 'smtp://127.0.0.1:2525',
        mailFrom: 'x <x@tulpar.kz>',
        sms: { gateway: 'smsc', login: 'l', password: 'p', sender: null },
      },
      db,
    )
    expect(typeof d.mailer.send).toBe('function')
    expect(typeof d.sms.send).toBe('function')
  })
})

describe('outbox page links', () => {
  test('linkify links http(s) URLs after escaping, keeping quotes and punctuation outside', () => {
    expect(linkify('Open https://tulpar.kz/verify?t=a&b=1. Done')).toBe(
      'Open <a href="https://tulpar.kz/verify?t=a&amp;b=1" rel="noreferrer">https://tulpar.kz/verify?t=a&amp;b=1</a>. Done',
    )
    expect(linkify('"http://x.kz/a"<script>')).toBe(
      '&quot;<a href="http://x.kz/a" rel="noreferrer">http://x.kz/a</a>&quot;&lt;script&gt;',
    )
    expect(linkify('javascript:alert(1) ftp://x')).toBe('javascript:alert(1) ftp://x')
  })
})
