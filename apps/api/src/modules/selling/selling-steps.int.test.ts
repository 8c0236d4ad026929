import { beforeAll, describe, expect, test } from 'vitest'
import { fieldsOf, listingRow, messagesOf, useSellingApp } from '../../testing/selling.ts'

const { t, refs, signUp, json, createDraft, save, fillAll } = useSellingApp()

describe('drafts', () => {
  test('a draft starts with the profile phone and city, and is saved step by step', async () => {
    const s = await signUp()
    await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${(await t.app.inject({ url: '/api/profiles/me/', headers: s.auth })).json()[0].id}/`,
      headers: s.auth,
      payload: { city: refs.cityId, phone: '+77015550101' },
    })
    const created = await json('POST', '/api/listings/', s.auth)
    expect(created.statusCode).toBe(201)
    const draft = created.json()
    expect(draft).toMatchObject({
      status: 'draft',
      contactPhone: '+77015550101',
      cityId: refs.cityId,
      nextStep: 'brand',
    })

    await fillAll(s.auth, draft.id, refs)
    const read = (await json('GET', `/api/listings/${draft.id}/`, s.auth)).json()
    expect(read).toMatchObject({
      title: 'Toyota Camry, 2018',
      year: 2018,
      modificationId: refs.modificationId,
      engineVolumeCc: 2500,
      mileageKm: 85_000,
      vin: 'JTNB11HK3J3012345',
      contactPhone: '+77012345678',
      options: ['abs', 'esp'],
      nextStep: 'photos',
    })
    expect(read.completedSteps).toEqual([
      'brand',
      'model',
      'characteristics',
      'modifications',
      'options',
      'state',
      'price',
    ])
  })

  test('changing the brand of a draft clears the model and what depends on it', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await fillAll(s.auth, id, refs)
    const res = await save(s.auth, id, { step: 'brand', brandId: refs.otherBrandId })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      modelId: null,
      generationId: null,
      engineType: null,
      year: 2018,
      nextStep: 'model',
    })
  })

  test('at most 10 open drafts per account', async () => {
    const s = await signUp()
    for (let i = 0; i < 10; i++) await createDraft(s.auth)
    const res = await json('POST', '/api/listings/', s.auth)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('listing.too_many_drafts')
  })
})

describe('step validation', () => {
  let auth: Record<string, string>
  let id: number
  beforeAll(async () => {
    auth = (await signUp()).auth
    id = await createDraft(auth)
  })

  test('brand and model: required, and the model must belong to the brand', async () => {
    const empty = await save(auth, id, { step: 'brand' })
    expect(empty.statusCode).toBe(400)
    expect(fieldsOf(empty)).toEqual({ brandId: 'required' })
    expect(messagesOf(empty)).toEqual(['This field is required'])
    expect(fieldsOf(await save(auth, id, { step: 'brand', brandId: 999_999 }))).toEqual({ brandId: 'not_in_list' })
    expect((await save(auth, id, { step: 'brand', brandId: refs.brandId })).statusCode).toBe(200)
    expect(fieldsOf(await save(auth, id, { step: 'model', modelId: refs.otherBrandModelId }))).toEqual({
      modelId: 'not_in_list',
    })
    expect((await save(auth, id, { step: 'model', modelId: refs.modelId })).statusCode).toBe(200)
  })

  test('characteristics: year bounds and model years, generation of the model and year, body type of the model', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'characteristics' }))).toEqual({
      year: 'required',
      bodyType: 'required',
    })
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 1900, bodyType: 'sedan' }))).toEqual({
      year: 'too_small',
    })
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 2999, bodyType: 'sedan' }))).toEqual({
      year: 'too_large',
    })
    // The Camry reached Kazakhstan from 1991; a pickup Camry does not exist.
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 1985, bodyType: 'pickup' }))).toEqual({
      year: 'year_range',
      bodyType: 'not_in_list',
    })
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 2018, bodyType: 'sedan' }))).toEqual({
      generationId: 'required',
    })
    expect(
      fieldsOf(
        await save(auth, id, {
          step: 'characteristics',
          year: 2018,
          bodyType: 'sedan',
          generationId: refs.wrongGenerationId,
        }),
      ),
    ).toEqual({ generationId: 'not_in_list' })
    const ok = await save(auth, id, {
      step: 'characteristics',
      year: 2018,
      bodyType: 'sedan',
      generationId: refs.generationId,
    })
    expect(ok.statusCode).toBe(200)
  })

  test('modifications: engine, modification, gearbox and drive must be ones the model was sold with', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'modifications' }))).toEqual({
      steering: 'required',
      engineType: 'required',
      modificationId: 'required',
      transmission: 'required',
      drive: 'required',
      colour: 'required',
    })
    const bad = await save(auth, id, {
      step: 'modifications',
      steering: 'right',
      engineType: 'diesel',
      modificationId: refs.modificationId,
      transmission: 'AT',
      drive: '4WD',
      colour: 'plaid',
    })
    expect(fieldsOf(bad)).toEqual({ engineType: 'not_in_list', modificationId: 'not_in_list', colour: 'not_in_list' })
    const wrongDrive = await save(auth, id, {
      step: 'modifications',
      steering: 'right',
      engineType: 'petrol',
      modificationId: refs.modificationId,
      transmission: 'CVT',
      drive: '4WD',
      colour: 'white',
    })
    expect(fieldsOf(wrongDrive)).toEqual({ transmission: 'not_in_list', drive: 'not_in_list' })
    // Wrong types are refused by the schema before any rule runs.
    expect((await save(auth, id, { step: 'modifications', steering: 'middle' })).statusCode).toBe(400)
  })

  test('options must exist', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'options', options: ['abs', 'flux_capacitor'] }))).toEqual({
      options: 'not_in_list',
    })
  })

  test('state: mileage required, bounded, miles converted to km, a new car has almost none', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'state' }))).toEqual({ mileage: 'required' })
    expect(fieldsOf(await save(auth, id, { step: 'state', mileage: -1 }))).toEqual({ mileage: 'too_small' })
    expect(fieldsOf(await save(auth, id, { step: 'state', mileage: 1_300_000, mileageUnit: 'mi' }))).toEqual({
      mileage: 'too_large',
    })
    expect(fieldsOf(await save(auth, id, { step: 'state', mileage: 5000, isNew: true }))).toEqual({
      mileage: 'new_mileage',
    })
    const miles = await save(auth, id, { step: 'state', mileage: 50_000, mileageUnit: 'mi' })
    expect(miles.json()).toMatchObject({ mileage: 50_000, mileageUnit: 'mi', mileageKm: 80_467 })
  })

  test("price: amount > 0, VIN or body number, the spec's phone rule, a city", async () => {
    const bad = await save(auth, id, {
      step: 'price',
      priceKzt: 0,
      vin: 'JTNB11HK3J30I2345',
      contactPhone: '12345',
      cityId: 999_999,
      description: 'x'.repeat(3001),
    })
    expect(fieldsOf(bad)).toEqual({
      priceKzt: 'too_small',
      vin: 'vin',
      contactPhone: 'phone',
      cityId: 'not_in_list',
      description: 'too_long',
    })
    expect(messagesOf(bad)).toContain('Enter a valid phone number')
    expect(fieldsOf(await save(auth, id, { step: 'price' }))).toEqual({
      priceKzt: 'required',
      contactPhone: 'required',
      cityId: 'required',
    })
    const body = await save(auth, id, {
      step: 'price',
      priceKzt: 4_500_000,
      vin: 'nze121 - 3123456'.replace(' - ', '-'),
      contactPhone: '+7 777 123 45 67',
      cityId: refs.cityId,
    })
    expect(body.statusCode, body.body).toBe(200)
    expect(body.json()).toMatchObject({ vin: 'NZE121-3123456', contactPhone: '+77771234567', description: null })
  })

  test('a refused step changes nothing', async () => {
    const before = await listingRow(t.db, id)
    await save(auth, id, { step: 'price', priceKzt: -5, contactPhone: '+77771234567', cityId: refs.cityId })
    expect((await listingRow(t.db, id))?.priceKzt).toBe(before?.priceKzt)
  })
})
