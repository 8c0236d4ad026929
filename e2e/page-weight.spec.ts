import { describe, expect, inject, test } from 'vitest'
import { measurePageWeight } from '../bench/page-weight.ts'
import { demoSeller, sessionCookie, signUpByApi } from './browser.ts'

/*
 * Issue 15's budget: at most 120 KB of gzipped JavaScript before a page is interactive, on every page, measured as
 * the benchmark does (bench/page-weight.ts: every modulepreload and script of the HTML, each gzipped at node:zlib's
 * default level). The car page came within bytes of it twice, and pages the benchmark does not measure were over
 * it unseen (the back office's users and leads by 37 KB of zod, the sign-in page, the account, the garage and the
 * review page by 0.3-5 KB): every page a guest, a user and staff can open is measured here, with what it needs
 * made first (a draft, a conversation, a saved search, a paid check and its shared report, a lead).
 */

const baseUrl = inject('baseUrl')
const adminSession = inject('adminSession')
const BUDGET_BYTES = 120 * 1024

type Weighed = { path: string; status: number; bytes: number; scripts: number }

async function weigh(path: string, session?: string): Promise<Weighed> {
  const weight = await measurePageWeight(baseUrl, path, session ? { cookie: `tulpar.session_token=${session}` } : {})
  const bytes = weight.scripts.reduce((n, s) => n + s.gzip, 0)
  return { path, status: weight.status, bytes, scripts: weight.scripts.length }
}

/** Every page measured: each answers 200, loads the framework (a page without scripts would pass any budget). */
async function expectWithinBudget(paths: string[], session?: string) {
  const weighed: Weighed[] = []
  for (const path of paths) weighed.push(await weigh(path, session))
  for (const w of weighed) {
    expect(w.status, w.path).toBe(200)
    expect(w.scripts, w.path).toBeGreaterThan(3)
  }
  const over = weighed.filter((w) => w.bytes > BUDGET_BYTES).map((w) => `${w.path}: ${w.bytes} bytes gzip`)
  expect(over).toEqual([])
}

async function call<T>(method: string, path: string, session: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(session ? { cookie: `tulpar.session_token=${session}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? null : await res.json()) as T
}

async function firstCarId(): Promise<number> {
  const id = (await call<{ results: { id: number }[] }>('GET', '/api/cars/', null)).results[0]?.id
  if (!id) throw new Error('no car on sale')
  return id
}

/** A verified demo dealer with cars (the demo has three). */
async function firstDealerId(): Promise<number> {
  const id = (await call<{ results: { id: number }[] }>('GET', '/api/dealers/', null)).results[0]?.id
  if (!id) throw new Error('no dealer')
  return id
}

async function firstPartnerId(): Promise<number> {
  const id = (await call<{ results: { id: number }[] }>('GET', '/api/partners/', null)).results[0]?.id
  if (!id) throw new Error('no partner')
  return id
}

/** The user's first report, once the job has made it. */
async function reportOf(session: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const list = await call<{ results: { id: number; status: string }[] }>(
      'GET',
      '/api/vehicle-checks/reports/',
      session,
    )
    const ready = list.results.find((r) => r.status === 'ready')
    if (ready) return ready.id
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('no report after 10 s')
}

describe('first-load JavaScript of every page', () => {
  test('as a guest: the catalogue, a car, the services, the company pages and sign-in', async () => {
    const car = await firstCarId()
    await expectWithinBudget([
      '/',
      '/auto',
      '/auto/toyota',
      '/tulpar-auto',
      `/cars/${car}`,
      `/cars/${car}/callback`,
      '/credit',
      '/check',
      '/wishlist',
      '/create-auto',
      '/about',
      '/contacts',
      '/privacy-policy',
      '/user-agreements',
      '/partners',
      `/partners/${await firstPartnerId()}`,
      '/dealers',
      `/dealers/${await firstDealerId()}`,
      `/auto?dealer=${await firstDealerId()}`,
      '/auth',
      '/auth?method=phone',
      '/auth/reset-password',
    ])
  })

  test('as a user: the account and everything in it', { timeout: 60_000 }, async () => {
    const session = await signUpByApi(baseUrl, `weight-${Date.now()}@example.kz`, 'weight-check-2026', 'Айгерим')
    const car = await firstCarId()
    const draft = await call<{ id: number }>('POST', '/api/listings/', session)
    const conversation = await call<{ conversationId: number }>('POST', '/api/conversations/', session, {
      listingId: car,
      body: 'Здравствуйте, машина ещё продаётся?',
    })
    await call('POST', '/api/saved-searches/', session, {
      name: 'Toyota',
      filters: { brand: 'toyota' },
    })
    const order = await call<{ id: number; checkoutUrl: string }>('POST', '/api/vehicle-checks/orders/', session, {
      vin: 'XW7BF4FK5GS104417',
    })
    // Paid at the local checkout (as its button posts); the report is made by the queue's job meanwhile.
    const paid = await fetch(`${baseUrl}${new URL(order.checkoutUrl).pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: '',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const report = await reportOf(session)
    const share = await call<{ token: string }>('PUT', `/api/vehicle-checks/reports/${report}/share/`, session)
    await expectWithinBudget([`/check/shared/${share.token}`])
    await expectWithinBudget(
      [
        '/',
        `/cars/${car}`,
        `/cars/${car}/write`,
        `/cars/${car}/complaint`,
        '/account',
        '/account/delete',
        '/account/listings',
        `/account/listings/${draft.id}/preview`,
        `/create-auto/${draft.id}`,
        '/account/garage',
        '/account/messages',
        `/account/messages/${conversation.conversationId}`,
        '/account/searches',
        '/account/requests',
        '/account/reports',
        '/account/receipts',
        `/check/orders/${order.id}`,
        `/account/reports/${report}`,
        '/wishlist',
        '/account/dealer',
      ],
      session,
    )
  })

  test("as a dealer's owner: the dealer account with its people and showroom forms, and the dealer desk", async () => {
    const owner = await sessionCookie(baseUrl, 'dealer.almaty@demo.tulpar.kz', 'tulpar-demo-2026')
    // `/dealer` redirects to the owner's first dealer: the desk itself is weighed at its own address.
    const dealerId = (await call<{ results: { id: number }[] }>('GET', '/api/dealers/mine/', owner)).results[0]?.id
    if (!dealerId) throw new Error('the demo dealer owner has no dealer')
    await expectWithinBudget(['/account/dealer', `/dealer/${dealerId}`], owner)
  })

  test('as a seller: the promote page of a car on sale', async () => {
    const { cookie, carId } = await demoSeller(baseUrl, 'seller6@demo.tulpar.kz')
    await expectWithinBudget([`/account/listings/${carId}/promote`], cookie)
  })

  test('as staff: the back office', { timeout: 60_000 }, async () => {
    const car = await firstCarId()
    await call('POST', `/api/cars/${car}/callback/`, null, {
      phone: '+7 701 555 20 26',
      lastName: 'Сейткали',
      firstName: 'Ерлан',
    })
    const lead = (await call<{ results: { id: number }[] }>('GET', '/api/admin/leads/', adminSession)).results[0]
    if (!lead) throw new Error('no lead')
    const partner = (await call<{ results: { id: number }[] }>('GET', '/api/admin/partners/', adminSession)).results[0]
    if (!partner) throw new Error('no partner')
    await expectWithinBudget(
      [
        '/admin',
        `/admin/listings/${car}`,
        '/admin/users',
        '/admin/broadcasts',
        '/admin/reports',
        '/admin/complaints',
        '/admin/leads',
        `/admin/leads/${lead.id}`,
        '/admin/partners',
        '/admin/partners/categories',
        '/admin/partners/new',
        '/admin/audit',
        '/admin/dealers',
        '/admin/promotions',
        `/admin/partners/${partner.id}`,
      ],
      adminSession,
    )
  })
})
