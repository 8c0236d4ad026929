import { expect, test } from 'vitest'
import { DeliveryError } from './delivery.types.ts'
import { createSmtpMailer } from './smtp.ts'

test('a transport failure becomes a DeliveryError on the email channel', async () => {
  const mailer = createSmtpMailer({
    url: 'smtp://user:pa55word@127.0.0.1:1?connectionTimeout=1000&greetingTimeout=1000&socketTimeout=1000',
    from: 'Tulpar Auto <no-reply@tulpar.kz>',
  })
  const error = await mailer
    .send({ to: 'buyer@example.kz', subject: 'Код', text: 'Ваш код 4821', html: '<p>Ваш код 4821</p>' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(DeliveryError)
  expect(error).toMatchObject({ channel: 'email', name: 'DeliveryError' })
  expect((error as DeliveryError).code).toMatch(/^E[A-Z]+$/)
  expect((error as Error).message).not.toContain('pa55word')
  expect((error as Error).cause).toBeInstanceOf(Error)
})
