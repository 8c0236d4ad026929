import { describe, expect, test } from 'vitest'
import { DeliveryError } from './delivery.types.ts'
import { createSmscGateway } from './smsc.ts'

interface Call {
  url: string
  init: RequestInit
}

/** A fake fetch answering `answer` (a JSON value, or a Response), recording each request. */
function fakeFetch(answer: unknown) {
  const calls: Call[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    if (answer instanceof Error) throw answer
    return answer instanceof Response ? answer : Response.json(answer)
  }
  return { calls, fetch: fetch as typeof globalThis.fetch }
}

const message = { to: '+77011234567', text: 'Tulpar Auto: код 4821' }

describe('createSmscGateway', () => {
  test('POSTs the form SMSC expects and accepts { id, cnt }', async () => {
    const f = fakeFetch({ id: 1234, cnt: 1 })
    const sms = createSmscGateway({ login: 'tulpar', password: 's3cr&t', sender: 'TulparAuto', fetch: f.fetch })
    await sms.send(message)
    expect(f.calls).toHaveLength(1)
    const [call] = f.calls
    expect(call?.url).toBe('https://smsc.kz/sys/send.php')
    expect(call?.init.method).toBe('POST')
    expect(new Headers(call?.init.headers).get('content-type')).toContain('application/x-www-form-urlencoded')
    const form = new URLSearchParams(String(call?.init.body))
    expect(Object.fromEntries(form)).toEqual({
      login: 'tulpar',
      psw: 's3cr&t',
      phones: '77011234567',
      mes: 'Tulpar Auto: код 4821',
      charset: 'utf-8',
      fmt: '3',
      sender: 'TulparAuto',
    })
  })

  test('leaves sender out when none is set, and uses the given endpoint', async () => {
    const f = fakeFetch({ id: 1, cnt: 1 })
    const sms = createSmscGateway({
      login: 'l',
      password: 'p',
      sender: null,
      fetch: f.fetch,
      endpoint: 'http://x/send',
    })
    await sms.send(message)
    expect(f.calls[0]?.url).toBe('http://x/send')
    expect(new URLSearchParams(String(f.calls[0]?.init.body)).has('sender')).toBe(false)
  })

  test('an { error, error_code } answer is a DeliveryError carrying the code', async () => {
    const f = fakeFetch({ error: 'no money', error_code: 3 })
    const sms = createSmscGateway({ login: 'l', password: 'hunter2', fetch: f.fetch })
    const error = await sms.send(message).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DeliveryError)
    expect(error).toMatchObject({ channel: 'sms', code: '3', name: 'DeliveryError' })
    expect((error as Error).message).toContain('not enough money')
    expect((error as Error).message).not.toContain('hunter2')
  })

  test('network failures, non-JSON and unexpected answers are DeliveryErrors', async () => {
    const down = createSmscGateway({ login: 'l', password: 'p', fetch: fakeFetch(new TypeError('fetch failed')).fetch })
    await expect(down.send(message)).rejects.toMatchObject({ channel: 'sms', code: 'network' })
    const html = fakeFetch(new Response('<html>Bad gateway</html>', { status: 502 }))
    const bad = createSmscGateway({ login: 'l', password: 'p', fetch: html.fetch })
    await expect(bad.send(message)).rejects.toMatchObject({ channel: 'sms', code: 'http_502' })
    const odd = createSmscGateway({ login: 'l', password: 'p', fetch: fakeFetch({ status: 'ok' }).fetch })
    await expect(odd.send(message)).rejects.toBeInstanceOf(DeliveryError)
  })

  test('refuses a number not in E.164 without calling SMSC', async () => {
    const f = fakeFetch({ id: 1, cnt: 1 })
    const sms = createSmscGateway({ login: 'l', password: 'p', fetch: f.fetch })
    await expect(sms.send({ to: '87011234567', text: 'x' })).rejects.toMatchObject({ code: 'invalid_phone' })
    expect(f.calls).toHaveLength(0)
  })
})
