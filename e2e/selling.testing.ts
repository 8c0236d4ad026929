import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { expect, inject } from 'vitest'
import { untilReady } from './browser.ts'

/* What the selling journeys share (selling.spec.ts with JavaScript, selling-nojs.spec.ts without). */

/** The price field groups the digits while they are typed. */
export const PRICE_GROUPED = '12\u00a0500\u00a0000'
export const baseUrl = inject('baseUrl')

/** The first of the company's cities (the largest), for the city cookie and the listing's city. */
export async function firstCity(): Promise<{ id: number; name: string }> {
  const cities = (await (await fetch(`${baseUrl}/api/company/cities/?lang=ru`)).json()) as {
    id: number
    name: string
  }[]
  return cities[0] as { id: number; name: string }
}

export const run = String(Date.now()).slice(-7)
/** This run's contact phone (the SMS limits are per number), as typed and as the form shows it. */
export const PHONE_TYPED = `8 701 ${run.slice(0, 3)} ${run.slice(3, 5)} ${run.slice(5)}`
export const PHONE_SHOWN = `+7 701 ${run.slice(0, 3)} ${run.slice(3, 5)} ${run.slice(5)}`
export const PHONE_E164 = `+7701${run}`

/** The code of the latest SMS to `to`, read from the development outbox. */
export async function smsCode(to: string): Promise<string> {
  // The SMS is a job: a worker writes it to the outbox a moment after the request.
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`)
    const { results } = (await res.json()) as { results: { channel: string; body: string }[] }
    const code = results.find((m) => m.channel === 'sms')?.body.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no SMS code sent to ${to}`)
}

/** Signs up through the API; answers the bearer header the hybrid app would use. */
export async function signUpByApi(email: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'secret12', name: 'Ерлан Продавец' }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return { authorization: `Bearer ${res.headers.get('set-auth-token')}` }
}

/** A complete Camry draft with one photo, made through the REST API as the app would; answers its id. */
export async function completeDraftByApi(auth: Record<string, string>, phone: string, cityId: number): Promise<number> {
  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, { ...init, headers: { ...auth, ...init.headers } })
    expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true)
    return (await res.json()) as T
  }
  const patch = (id: number, body: object) =>
    api(`/listings/${id}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  type Named = { id: number; slug?: string; name?: string; engineType?: string; volumeL?: number }
  const toyota = (await api<Named[]>('/reference/brands/')).find((b) => b.slug === 'toyota')
  const camry = (await api<Named[]>(`/reference/brands/${toyota?.id}/models/`)).find((m) => m.slug === 'camry')
  const generation = (await api<Named[]>(`/reference/models/${camry?.id}/generations/?year=2018`))[0]
  const modification = (await api<Named[]>(`/reference/models/${camry?.id}/modifications/`)).find(
    (m) => m.engineType === 'petrol' && m.volumeL === 2.5,
  )
  if (!toyota || !camry || !generation || !modification) throw new Error('reference data without the Camry')
  const { id } = await api<{ id: number }>('/listings/', { method: 'POST' })
  await patch(id, { step: 'brand', brandId: toyota.id })
  await patch(id, { step: 'model', modelId: camry.id })
  await patch(id, { step: 'characteristics', year: 2018, generationId: generation.id, bodyType: 'sedan' })
  await patch(id, {
    step: 'modifications',
    steering: 'left',
    engineType: 'petrol',
    modificationId: modification.id,
    hasGasEquipment: false,
    transmission: 'AT',
    drive: 'FWD',
    colour: 'white',
  })
  await patch(id, { step: 'state', mileage: 120_000, mileageUnit: 'km', isNew: false, isCustomsCleared: true })
  await patch(id, { step: 'price', priceKzt: 9_800_000, contactPhone: phone, cityId })
  const form = new FormData()
  const [photo] = await photos()
  if (!photo) throw new Error('no photo')
  form.append('photos', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name)
  await api(`/listings/${id}/photos/`, { method: 'POST', body: form })
  return id
}

/** Submit buttons stay disabled until React has hydrated the page. */
export async function hydrated(page: Page) {
  await untilReady(page, page.locator('button[type="submit"]:enabled'))
}

export async function signIn(page: Page, email: string, back: string) {
  await page.goto(`${baseUrl}/auth?redirectTo=${back}`)
  await hydrated(page)
  await page.getByLabel('Электронная почта').fill(email)
  await page.getByLabel('Пароль').fill('secret12')
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
  await page.waitForURL((url) => url.pathname === back)
}

/** A new seller signed up by the API and in at the selling page, who starts a draft there: the draft's id. */
export async function startDraft(page: Page, email: string): Promise<number> {
  await signUpByApi(email)
  await signIn(page, email, '/create-auto')
  await hydrated(page)
  await page.getByRole('button', { name: 'Разместить объявление' }).click()
  await page.waitForURL(/\/create-auto\/\d+$/)
  return Number(new URL(page.url()).pathname.split('/').pop())
}

/** Three small photos of different colours, as a phone would pick them from the gallery. */
export async function photos() {
  return Promise.all(
    ['#b3121f', '#1f4e9c', '#f4f5f0'].map(async (background, i) => ({
      name: `camry-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    })),
  )
}

export const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click()
export const onStep = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor()
