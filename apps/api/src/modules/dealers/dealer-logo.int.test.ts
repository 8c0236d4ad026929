import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { cities, dealers } from '../../db/schema.ts'
import { hugePng, SVG_IMAGE } from '../../testing/images.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

/*
 * A dealer's logo (issue 38, item 1): the owner uploads a PNG, JPEG or WebP (told from its bytes, within the size and
 * pixel limits); it is stored as a small square and shown on the dealer's page and in the list. Nobody else may
 * change it.
 */

const t = useTestApp()
const acc = useAccounts(t, {
  owner: { name: 'Ерлан Логотипов' },
  manager: { name: 'Айгерим Менеджер' },
  other: { name: 'Чужой Пользователь' },
  moderator: { name: 'Модератор', role: 'moderator' },
})
type Auth = Record<string, string>
const json = (method: 'GET' | 'POST' | 'DELETE', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const upload = (dealerId: number, body: Buffer, auth?: Auth, type = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/dealers/${dealerId}/logo/`,
    headers: { ...auth, 'content-type': type },
    payload: body,
  })

const picture = (width: number, height: number, colour = '#1f6feb') =>
  sharp({ create: { width, height, channels: 4, background: colour } })
const png = (width = 400, height = 200) => picture(width, height).png().toBuffer()

let dealerId = 0
const logoKeyOf = async (id: number) =>
  (await t.db.select({ key: dealers.logoKey }).from(dealers).where(eq(dealers.id, id)))[0]?.key ?? null
const fileOf = (url: string) => join(t.mediaDir, url.replace(/^\/media\//, ''))

beforeAll(async () => {
  const [almaty] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'almaty'))
  const applied = await json('POST', '/dealers/', acc.owner.auth, {
    kind: 'legal_entity',
    bin: '080340001230',
    legalName: 'ТОО «Алатау Моторс»',
    cityId: almaty?.id,
    phones: ['+7 727 355 00 11'],
    workingHours: 'Пн–Сб 9:00–19:00',
  })
  expect(applied.statusCode, applied.body).toBe(201)
  dealerId = applied.json().id
  expect(applied.json().logo).toBeNull()
  const invited = await json('POST', `/dealers/${dealerId}/members/`, acc.owner.auth, { contact: acc.manager.email })
  expect(invited.statusCode).toBe(201)
  const verified = await json('POST', `/admin/dealers/${dealerId}/decision/`, acc.moderator.auth, {
    status: 'verified',
    checklist: { registryChecked: true, contactConfirmed: true, addressConfirmed: true, applicantAuthorised: true },
  })
  expect(verified.statusCode, verified.body).toBe(200)
})

describe("a dealer's logo", () => {
  test('only the owner sets it: a guest is asked to sign in, a manager and anyone else are refused', async () => {
    const image = await png()
    expect((await upload(dealerId, image)).statusCode).toBe(401)
    const manager = await upload(dealerId, image, acc.manager.auth)
    expect([manager.statusCode, manager.json().code]).toEqual([403, 'dealer.owner_only'])
    const other = await upload(dealerId, image, acc.other.auth)
    expect([other.statusCode, other.json().code]).toEqual([403, 'dealer.not_member'])
    // Staff verify dealers in the back office; they do not run their accounts.
    expect((await upload(dealerId, image, acc.moderator.auth)).statusCode).toBe(403)
    expect((await upload(2_000_000_000, image, acc.owner.auth)).statusCode).toBe(404)
    expect((await json('DELETE', `/dealers/${dealerId}/logo/`)).statusCode).toBe(401)
    expect((await json('DELETE', `/dealers/${dealerId}/logo/`, acc.manager.auth)).statusCode).toBe(403)
    expect((await json('DELETE', `/dealers/${dealerId}/logo/`, acc.other.auth)).statusCode).toBe(403)
    expect(await logoKeyOf(dealerId)).toBeNull()
  })

  test("the owner's PNG becomes a 256 px square, shown on the dealer's page and in the list; a new one replaces it", async () => {
    const res = await upload(dealerId, await png(400, 200), acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    const logo = res.json().logo
    expect(logo).toEqual({
      avif: expect.stringMatching(/^\/media\/dealers\/\d+\/[0-9a-f]{16}\/card\.avif$/),
      webp: expect.stringMatching(/^\/media\/dealers\/\d+\/[0-9a-f]{16}\/card\.webp$/),
      jpeg: expect.stringMatching(/^\/media\/dealers\/\d+\/[0-9a-f]{16}\/card\.jpg$/),
    })
    for (const url of Object.values<string>(logo)) {
      const meta = await sharp(await readFile(fileOf(url))).metadata()
      expect([meta.width, meta.height], url).toEqual([256, 256])
    }
    // The whole picture, padded on white: a corner is white, the middle is the logo's blue.
    const { data } = await sharp(await readFile(fileOf(logo.jpeg)))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)].every((v) => v > 240)).toBe(true)
    const middle = (128 * 256 + 128) * 3
    expect(data[middle + 2]).toBeGreaterThan(200)
    expect(data[middle]).toBeLessThan(80)

    expect((await json('GET', `/dealers/${dealerId}/`)).json().logo).toEqual(logo)
    const listed = (await json('GET', '/dealers/')).json().results.find((d: { id: number }) => d.id === dealerId)
    expect(listed.logo).toEqual(logo)
    const mine = (await json('GET', '/dealers/mine/', acc.manager.auth)).json().results[0]
    expect(mine.logo).toEqual(logo)

    const second = await upload(
      dealerId,
      await picture(300, 300, '#ff0000').webp().toBuffer(),
      acc.owner.auth,
      'image/webp',
    )
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().logo.jpeg).not.toBe(logo.jpeg)
    await expect(stat(fileOf(logo.jpeg))).rejects.toThrow()
    await expect(stat(fileOf(second.json().logo.jpeg))).resolves.toBeTruthy()
  })

  test('a file that is not a PNG, JPEG or WebP is refused from its bytes, whatever its type says; the logo stays', async () => {
    const before = await logoKeyOf(dealerId)
    expect(before).not.toBeNull()
    const text = await upload(dealerId, Buffer.from('this is a text file pretending to be a png image'), acc.owner.auth)
    expect([text.statusCode, text.json().code]).toEqual([415, 'photo.not_image'])
    const svg = await upload(dealerId, SVG_IMAGE, acc.owner.auth, 'image/svg+xml')
    expect([svg.statusCode, svg.json().code]).toEqual([415, 'photo.not_image'])
    // AVIF is a photo format the intake reads, but not one of a logo's.
    const avif = await upload(
      dealerId,
      await png().then((b) => sharp(b).avif().toBuffer()),
      acc.owner.auth,
      'image/avif',
    )
    expect([avif.statusCode, avif.json().code]).toEqual([415, 'photo.not_image'])
    const gif = await upload(dealerId, await picture(100, 100).gif().toBuffer(), acc.owner.auth, 'image/gif')
    expect([gif.statusCode, gif.json().code]).toEqual([415, 'photo.not_image'])
    const broken = (await png()).subarray(0, 60)
    expect((await upload(dealerId, broken, acc.owner.auth)).json().code).toBe('photo.invalid')
    const empty = await upload(dealerId, Buffer.alloc(0), acc.owner.auth)
    expect([empty.statusCode, empty.json().code]).toEqual([415, 'photo.not_image'])
    const asJson = await upload(dealerId, Buffer.from('{"logo":"x"}'), acc.owner.auth, 'application/json')
    expect([asJson.statusCode, asJson.json().code]).toEqual([415, 'photo.not_image'])
    expect(await logoKeyOf(dealerId)).toBe(before)
  })

  test('too big a file, too many pixels or too small a picture is refused; the logo stays', async () => {
    const before = await logoKeyOf(dealerId)
    // Over the limit: refused while the body arrives (Fastify's limit), and by the intake itself for the web's form.
    const big = await upload(dealerId, Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]), acc.owner.auth)
    expect(big.statusCode).toBe(413)
    const owner = { id: acc.owner.id, email: acc.owner.email, name: 'Ерлан Логотипов', emailVerified: true }
    const oversized = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)])
    await expect(t.services.dealers.setLogo(owner, dealerId, oversized, 'ru')).rejects.toMatchObject({
      status: 413,
      code: 'photo.too_large',
    })
    const pixels = await upload(dealerId, hugePng(5000, 5000), acc.owner.auth)
    expect([pixels.statusCode, pixels.json().code]).toEqual([413, 'photo.too_many_pixels'])
    const small = await upload(dealerId, await png(200, 40), acc.owner.auth)
    expect([small.statusCode, small.json().code]).toEqual([400, 'photo.too_small'])
    expect(await logoKeyOf(dealerId)).toBe(before)
  })

  test('the owner removes it: its files go and the pages show none', async () => {
    const before = (await json('GET', `/dealers/${dealerId}/`)).json().logo
    expect(before).not.toBeNull()
    const res = await json('DELETE', `/dealers/${dealerId}/logo/`, acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().logo).toBeNull()
    expect((await json('GET', `/dealers/${dealerId}/`)).json().logo).toBeNull()
    await expect(stat(fileOf(before.jpeg))).rejects.toThrow()
    // Removing none is no error.
    expect((await json('DELETE', `/dealers/${dealerId}/logo/`, acc.owner.auth)).statusCode).toBe(200)
  })

  test("the media sweep keeps a dealer's logo and removes what no dealer owns", async () => {
    const res = await upload(dealerId, await png(), acc.owner.auth)
    expect(res.statusCode).toBe(200)
    const key = await logoKeyOf(dealerId)
    const owned = await t.services.dealers.ownedLogoKeys([key ?? '', `dealers/${dealerId}/0000000000000000`])
    expect([...owned]).toEqual([key])
  })
})
