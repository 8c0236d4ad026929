import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { beforeAll, expect } from 'vitest'
import type { Db } from '../db/client.ts'
import { user } from '../modules/identity/identity.tables.ts'
import { listings } from '../modules/listings/listings.tables.ts'
import { confirmedPhones } from '../modules/phones/phones.tables.ts'
import { accountHelpers } from './accounts.ts'
import { useTestApp } from './suite.ts'

/* Helpers for the selling integration tests: a Toyota Camry 2018 taken through every step of the real API. */

type Auth = Record<string, string>

export interface CamryRefs {
  brandId: number
  otherBrandId: number
  modelId: number
  otherBrandModelId: number
  generationId: number
  wrongGenerationId: number
  modificationId: number
  cityId: number
}

async function camryRefs(app: FastifyInstance): Promise<CamryRefs> {
  const brands = (await app.inject('/api/reference/brands/')).json() as { id: number; slug: string }[]
  const toyota = brands.find((b) => b.slug === 'toyota')
  const lada = brands.find((b) => b.slug === 'lada')
  if (!toyota || !lada) throw new Error('reference data without toyota or lada')
  const models = (await app.inject(`/api/reference/brands/${toyota.id}/models/`)).json() as {
    id: number
    slug: string
  }[]
  const camry = models.find((m) => m.slug === 'camry')
  const ladaModels = (await app.inject(`/api/reference/brands/${lada.id}/models/`)).json() as { id: number }[]
  if (!camry || !ladaModels[0]) throw new Error('reference data without camry')
  const gens = (await app.inject(`/api/reference/models/${camry.id}/generations/?year=2018`)).json() as {
    id: number
    name: string
  }[]
  const allGens = (await app.inject(`/api/reference/models/${camry.id}/generations/`)).json() as {
    id: number
    name: string
  }[]
  const mods = (await app.inject(`/api/reference/models/${camry.id}/modifications/`)).json() as {
    id: number
    engineType: string
    volumeL: number
  }[]
  const mod = mods.find((m) => m.engineType === 'petrol' && m.volumeL === 2.5)
  const cities = (await app.inject('/api/company/cities/')).json() as { id: number }[]
  const generation = gens[0]
  const wrong = allGens.find((g) => g.name === 'XV40')
  if (!generation || !wrong || !mod || !cities[0]) throw new Error('reference data incomplete for the camry')
  return {
    brandId: toyota.id,
    otherBrandId: lada.id,
    modelId: camry.id,
    otherBrandModelId: ladaModels[0].id,
    generationId: generation.id,
    wrongGenerationId: wrong.id,
    modificationId: mod.id,
    cityId: cities[0].id,
  }
}

/** Valid bodies of every field step for a 2018 Camry 2.5 AT. */
function camrySteps(r: CamryRefs) {
  return [
    { step: 'brand', brandId: r.brandId },
    { step: 'model', modelId: r.modelId },
    { step: 'characteristics', year: 2018, generationId: r.generationId, bodyType: 'sedan' },
    {
      step: 'modifications',
      steering: 'left',
      engineType: 'petrol',
      modificationId: r.modificationId,
      hasGasEquipment: false,
      transmission: 'AT',
      drive: 'FWD',
      colour: 'white',
    },
    { step: 'options', options: ['abs', 'esp'] },
    {
      step: 'state',
      mileage: 85_000,
      mileageUnit: 'km',
      isNew: false,
      isCustomsCleared: true,
      isDamaged: false,
      hasWarranty: false,
    },
    {
      step: 'price',
      priceKzt: 12_500_000,
      vin: 'JTNB11HK3J3012345',
      description: 'Один владелец, обслуживание у дилера.',
      contactPhone: '8 (701) 234-56-78',
      isBargainAllowed: true,
      isExchangeAccepted: false,
      cityId: r.cityId,
    },
  ] as const
}

/** Marks a listing's contact phone as confirmed by its owner, as an SMS code would (publishing needs it). */
async function confirmContactPhoneOf(db: Db, listingId: number) {
  const row = await listingRow(db, listingId)
  if (!row?.contactPhone) throw new Error(`listing ${listingId} has no contact phone`)
  await db.insert(confirmedPhones).values({ userId: row.ownerId, phone: row.contactPhone }).onConflictDoNothing()
}

function sellingApi(app: () => FastifyInstance, db: () => Db) {
  const json = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: unknown) =>
    app().inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) })

  async function createDraft(auth: Auth): Promise<number> {
    const res = await json('POST', '/api/listings/', auth)
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id
  }

  const save = (auth: Auth, id: number, body: unknown) => json('PATCH', `/api/listings/${id}/`, auth, body)

  /** Every field step of the Camry; the contact phone is then confirmed unless told otherwise. */
  async function fillAll(auth: Auth, id: number, refs: CamryRefs, { confirmPhone = true } = {}) {
    for (const body of camrySteps(refs)) {
      const res = await save(auth, id, body)
      expect(res.statusCode, `${body.step}: ${res.body}`).toBe(200)
    }
    if (confirmPhone) await confirmContactPhoneOf(db(), id)
  }

  function upload(auth: Auth, id: number, files: { name: string; type: string; data: Buffer }[], field = 'photos') {
    const boundary = `----tulpar${Math.random().toString(16).slice(2)}`
    const parts = files.map((f) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
        ),
        f.data,
        Buffer.from('\r\n'),
      ]),
    )
    return app().inject({
      method: 'POST',
      url: `/api/listings/${id}/photos/`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    })
  }

  return { json, createDraft, save, fillAll, upload }
}

/**
 * A selling test file's set-up: the test app, the Camry's reference ids (filled in before the file's tests), sign-up
 * and the selling API's calls.
 */
export function useSellingApp() {
  const t = useTestApp()
  const refs = {} as CamryRefs
  beforeAll(async () => {
    Object.assign(refs, await camryRefs(t.app))
  })
  return {
    t,
    refs,
    ...accountHelpers(() => t.app),
    ...sellingApi(
      () => t.app,
      () => t.db,
    ),
  }
}

/** A small real JPEG (with an EXIF orientation and GPS position, as phones write them). */
export function photoJpeg(colour = '#1f6feb', width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 15/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 57/1 0/1' },
    })
    .toBuffer()
}

export async function makeModerator(db: Db, userId: string) {
  await db.update(user).set({ role: 'moderator' }).where(eq(user.id, userId))
}

/** A problem+json answer's field errors as `{ field: code }` (the `body.` prefix dropped). */
export const fieldsOf = (res: { json(): unknown }) =>
  Object.fromEntries(
    ((res.json() as { errors?: { field: string; code: string; message: string }[] }).errors ?? []).map((e) => [
      e.field.replace('body.', ''),
      e.code,
    ]),
  )

/** A problem+json answer's field error texts. */
export const messagesOf = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message)

/** The listing row as stored. */
export async function listingRow(db: Db, id: number) {
  const [r] = await db.select().from(listings).where(eq(listings.id, id))
  return r
}
