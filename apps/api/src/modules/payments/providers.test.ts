import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createKaspiProvider, isSignedBy } from './providers.ts'

describe('the Kaspi-compatible provider', () => {
  const settings = {
    apiUrl: 'https://pay.example.kz/api/',
    merchantId: 'm-1',
    apiKey: 'k',
    webhookSecret: 's',
    maxAmountKzt: 1_000_000,
  }

  test('creates a payment at the provider and hands back its checkout page; refunds by id', async () => {
    const calls: { url: string; body: Record<string, unknown>; auth: string | null }[] = []
    const fake = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: String(url),
        body: JSON.parse(String(init?.body)),
        auth: new Headers(init?.headers).get('authorization'),
      })
      return new Response(JSON.stringify({ checkoutUrl: 'https://pay.example.kz/c/abc' }), { status: 200 })
    }) as typeof fetch
    const p = createKaspiProvider(settings, fake)
    const { checkoutUrl } = await p.create({
      id: 'pay-1',
      amountKzt: 4_990,
      description: 'Проверка',
      returnUrl: 'https://tulpar.kz/check/orders/1',
      callbackUrl: 'https://tulpar.kz/api/payments/kaspi/callback',
    })
    expect(checkoutUrl).toBe('https://pay.example.kz/c/abc')
    expect(calls[0]).toMatchObject({
      url: 'https://pay.example.kz/api/payments',
      auth: 'Bearer k',
      body: { merchantId: 'm-1', orderId: 'pay-1', amount: 4_990, currency: 'KZT' },
    })
    await p.refund('pay-1', 4_990)
    expect(calls[1]).toMatchObject({ url: 'https://pay.example.kz/api/payments/pay-1/refund', body: { amount: 4_990 } })
  })

  test('a refused request is an error, not a silent success', async () => {
    const p = createKaspiProvider(settings, (async () => new Response('no', { status: 502 })) as typeof fetch)
    await expect(p.refund('pay-1', 10)).rejects.toThrow(/502/)
  })

  test('an error answer or one we cannot read is 502; no connection or no answer in time is 503', async () => {
    const answering = (res: () => Response) => createKaspiProvider(settings, (async () => res()) as typeof fetch)
    const created = { id: 'p', amountKzt: 1, description: 'd', returnUrl: 'r', callbackUrl: 'c' }
    const badGateway = { code: 'payment.provider_error', status: 502 }
    await expect(answering(() => new Response('x', { status: 500 })).create(created)).rejects.toMatchObject(badGateway)
    await expect(answering(() => new Response('not json')).create(created)).rejects.toMatchObject(badGateway)
    await expect(answering(() => Response.json({ url: 'elsewhere' })).create(created)).rejects.toMatchObject(badGateway)
    const refused = createKaspiProvider(settings, (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch)
    await expect(refused.create(created)).rejects.toMatchObject({ code: 'payment.provider_unavailable', status: 503 })
    // A provider that never answers is cut at the bound (the fake honours the signal as fetch does).
    const silent = createKaspiProvider(
      { ...settings, timeoutMs: 50 },
      ((_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )) as typeof fetch,
    )
    const started = performance.now()
    await expect(silent.refund('pay-1', 10)).rejects.toMatchObject({ code: 'payment.provider_unavailable' })
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  test('notifications count only with the HMAC of their exact body', () => {
    const body = '{"paymentId":"pay-1","status":"paid"}'
    const good = createHmac('sha256', 's').update(body).digest('hex')
    expect(isSignedBy('s', body, good)).toBe(true)
    expect(isSignedBy('s', `${body} `, good)).toBe(false)
    expect(isSignedBy('other', body, good)).toBe(false)
    expect(isSignedBy('s', body, undefined)).toBe(false)
    expect(isSignedBy('s', body, 'zz')).toBe(false)
  })
})
