import { FeedImport } from '@tulpar/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { outboxMessages, profiles } from '../../db/schema.ts'
import { useDealerTeam } from '../../testing/dealers.ts'
import { useHttpStand } from '../../testing/http-stand.ts'
import { useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'

/*
 * A finished import is news to the dealer's people (issue 38, item 6): its owner and managers each get an inbox
 * message and an e-mail in their own language with the outcome, the counts and the link to the report. Someone
 * removed from the dealer is not told; neither is another dealer. A refused upload stays on the uploader's screen.
 */

const t = useTestApp({ feedFetchAllowedHosts: ['localhost'] })
const team = useDealerTeam(t, { formerManager: { name: 'Бывший Менеджер' } })
const acc = team.acc
type Auth = Record<string, string>

const HEADER = 'external_id,make,model,year,modification,mileage_km,price_kzt,color'
const car = (id: string, price = 12_000_000) => `${id},Toyota,Camry,2019,2.5 AT,50000,${price},white`
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n')

/** The local feed server: what it answers at each path. */
const files = new Map<string, { status: number; body: string }>()
const stand = useHttpStand((req, res) => {
  const file = files.get(req.url ?? '')
  res.writeHead(file?.status ?? 404, { 'content-type': 'text/csv' }).end(file?.body ?? '')
})

beforeAll(async () => {
  // The manager reads in Kazakh; the owner keeps Russian.
  await t.db.update(profiles).set({ language: 'kk' }).where(eq(profiles.userId, acc.manager.id))
  // The former manager was added through the desk and removed again before any import.
  const members = `/api/dealers/${team.dealerId}/members/`
  const invited = await t.app.inject({
    method: 'POST',
    url: members,
    headers: acc.owner.auth,
    payload: { contact: acc.formerManager.email },
  })
  expect(invited.statusCode, invited.body).toBe(201)
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `${members}${acc.formerManager.id}/`,
    headers: acc.owner.auth,
  })
  expect(removed.statusCode, removed.body).toBe(200)
})

/** Runs the queued notices, then their e-mails. */
async function deliver() {
  await t.jobs.drain(['alert'])
  await t.jobs.drain(['email'])
}
const inbox = async (auth: Auth) =>
  (
    (await t.app.inject({ url: '/api/messages/', headers: auth })).json() as {
      results: { body: string; kind: string }[]
    }
  ).results
    .filter((m) => m.kind === 'system')
    .map((m) => m.body)
const mails = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))
const report = (importId: number) => `${TEST_PUBLIC_URL}/dealer/${team.dealerId}/imports/${importId}`

async function upload(auth: Auth, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dealers/${team.dealerId}/imports/?missing=keep`,
    headers: { ...auth, 'content-type': 'text/csv' },
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return FeedImport.parse(res.json())
}
async function fetchFrom(path: string) {
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/dealers/${team.dealerId}/feed-url/`,
    headers: acc.owner.auth,
    payload: { url: stand.url(path), missingCars: 'keep' },
  })
  expect(set.statusCode, set.body).toBe(200)
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dealers/${team.dealerId}/feed-url/fetch/`,
    headers: acc.manager.auth,
  })
  expect(res.statusCode, res.body).toBe(201)
  return FeedImport.parse(res.json())
}

describe('the notice of a finished import', () => {
  test("an applied upload with refused rows tells the owner and each manager in their language, with the counts and the report's link; a removed manager and another dealer hear nothing", async () => {
    const dryRun = await upload(acc.manager.auth, csv(car('N1'), car('N2', 9_000_000), car('N3', 0)))
    expect(dryRun.counts).toMatchObject({ created: 2, refused: 1 })
    await deliver()
    // The dry run is not finished: nobody is told yet.
    expect(await inbox(acc.owner.auth)).toEqual([])
    expect(await mails(acc.owner.email)).toEqual([])

    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/dealers/${team.dealerId}/imports/${dryRun.id}/apply/`,
      headers: acc.owner.auth,
    })
    expect(applied.json()).toMatchObject({ status: 'applied', counts: { created: 2, updated: 0, removed: 0 } })
    await deliver()

    const link = report(dryRun.id)
    expect(await inbox(acc.owner.auth)).toEqual([
      `Фид «ТОО 070401400009» (загруженный файл) применён, импорт №${dryRun.id}. Добавлено: 2, обновлено: 0, ` +
        `снято с продажи: 0, отклонено строк: 1.\n\nОткрыть: ${link}`,
    ])
    expect(await inbox(acc.manager.auth)).toEqual([
      `«ТОО 070401400009» фиді (жүктелген файл) қолданылды, №${dryRun.id} импорт. Қосылды: 2, жаңартылды: 0, ` +
        `сатылымнан алынды: 0, қабылданбаған жолдар: 1.\n\nАшу: ${link}`,
    ])
    const [ownerMail, ...moreToOwner] = await mails(acc.owner.email)
    expect(moreToOwner).toEqual([])
    expect(ownerMail?.subject).toBe(`Фид применён: импорт №${dryRun.id}`)
    expect(ownerMail?.body).toContain('отклонено строк: 1.')
    expect(ownerMail?.body).toContain(`Открыть: ${link}`)
    expect(ownerMail?.body).not.toContain('Отписаться')
    const managerMails = await mails(acc.manager.email)
    expect(managerMails.map((m) => m.subject)).toEqual([`Фид қолданылды: №${dryRun.id} импорт`])

    expect(await inbox(acc.formerManager.auth)).toEqual([])
    expect(await mails(acc.formerManager.email)).toEqual([])
    expect(await inbox(acc.otherOwner.auth)).toEqual([])
    expect(await mails(acc.otherOwner.email)).toEqual([])
  })

  test('a fetched feed tells them it was applied, refused whole, or not fetched', async () => {
    files.set('/feed.csv', { status: 200, body: csv(car('N1'), car('U1', 8_000_000)) })
    const applied = await fetchFrom('/feed.csv')
    expect(applied).toMatchObject({ status: 'applied', source: 'url', counts: { created: 1, unchanged: 1 } })
    files.set('/refused.csv', { status: 200, body: 'make;model\nToyota;Camry' })
    const refused = await fetchFrom('/refused.csv')
    expect(refused).toMatchObject({ status: 'refused', source: 'url', refused: { code: 'feed.missing_columns' } })
    const failed = await fetchFrom('/gone.csv')
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.fetch_status' } })
    await deliver()

    const owner = await inbox(acc.owner.auth)
    expect(owner).toContain(
      `Фид «ТОО 070401400009» (по ссылке) применён, импорт №${applied.id}. Добавлено: 1, обновлено: 0, ` +
        `снято с продажи: 0, отклонено строк: 0.\n\nОткрыть: ${report(applied.id)}`,
    )
    expect(owner).toContain(
      `Фид «ТОО 070401400009» (по ссылке) отклонён целиком, импорт №${refused.id}: объявления не изменились. ` +
        `Причина указана в отчёте.\n\nОткрыть: ${report(refused.id)}`,
    )
    expect(owner).toContain(
      `Не удалось загрузить фид «ТОО 070401400009» (по ссылке), импорт №${failed.id}: объявления не изменились. ` +
        `Причина указана в отчёте.\n\nОткрыть: ${report(failed.id)}`,
    )
    const managerSubjects = (await mails(acc.manager.email)).map((m) => m.subject)
    expect(managerSubjects).toContain(`Фид қабылданбады: №${refused.id} импорт`)
    expect(managerSubjects).toContain(`Фид жүктелмеді: №${failed.id} импорт`)
    expect(await inbox(acc.formerManager.auth)).toEqual([])
  })

  test('a refused upload is told only on the uploader’s screen', async () => {
    const before = (await inbox(acc.owner.auth)).length
    const refused = await upload(acc.manager.auth, 'not,a,feed\n1,2,3')
    expect(refused.status).toBe('refused')
    await deliver()
    expect(await inbox(acc.owner.auth)).toHaveLength(before)
    expect((await mails(acc.owner.email)).some((m) => m.subject?.includes(`№${refused.id}`))).toBe(false)
  })
})
