import { describe, expect, test } from 'vitest'
import { createListing } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

/*
 * A conversation reported to the moderators: they see the messages as written and dismiss the report or stop the
 * reported side writing there; each decision is in the audit trail, with the moderator's address.
 */

const t = useTestApp()
const { seller, buyer, reported, reporter, moderator, admin } = useAccounts(t, {
  seller: { name: 'Продавец Ерлан' },
  buyer: { name: 'Покупатель Айгуль' },
  reported: { name: 'Продавец Данияр' },
  reporter: { name: 'Покупатель Сауле' },
  moderator: { name: 'Модератор', role: 'moderator' },
  admin: { name: 'Админ', role: 'admin' },
})

type Auth = Record<string, string>
const FROM = '203.0.113.7'
/** A staff call from a known address, as the audit trail records it. */
const act = (auth: Auth, method: 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: auth, remoteAddress: FROM })
const start = (auth: Auth, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/conversations/', payload, headers: auth })
const send = (auth: Auth, id: number, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/`, payload: { body }, headers: auth })
const report = (auth: Auth, id: number, reason: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/report/`, payload: { reason }, headers: auth })
const eventsOf = async (targetType: string, targetId: number) => {
  const res = await t.app.inject({
    url: `/api/admin/audit/?targetType=${targetType}&targetId=${targetId}&limit=50`,
    headers: admin.auth,
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as { results: object[] }).results
}

describe('reported conversations', () => {
  test('a report reaches the moderators, who see the messages as written and can block the reported side', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const { conversationId } = (await start(buyer.auth, { listingId: car.id, body: 'Здравствуйте' })).json()
    await send(seller.auth, conversationId, 'Задаток 50 000 на карту 4400 4301 2345 6789, иначе продам')
    expect((await report(buyer.auth, conversationId, '')).statusCode).toBe(400)
    expect((await report(buyer.auth, conversationId, 'Просит задаток до осмотра')).statusCode).toBe(200)

    expect((await t.app.inject({ url: '/api/admin/conversation-reports/', headers: buyer.auth })).statusCode).toBe(403)
    const reports = (await t.app.inject({ url: '/api/admin/conversation-reports/', headers: moderator.auth })).json()
    const open = reports.results.find((r: { conversationId: number }) => r.conversationId === conversationId)
    expect(open).toMatchObject({ reason: 'Просит задаток до осмотра', reported: { name: 'Продавец Ерлан' } })
    expect(open.messages[1].body).toContain('4400 4301 2345 6789')
    expect(open.messages[1].warnings).toEqual(['prepayment', 'card'])

    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/conversation-reports/${open.id}/resolve/`,
      payload: { resolution: 'blocked' },
      headers: seller.auth,
    })
    expect(forbidden.statusCode).toBe(403)
    const resolve = (resolution: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/conversation-reports/${open.id}/resolve/`,
        payload: { resolution },
        headers: moderator.auth,
      })
    expect((await resolve('banned')).statusCode).toBe(400)
    expect((await resolve('blocked')).statusCode).toBe(200)
    expect((await resolve('dismissed')).statusCode).toBe(404)
    expect((await send(seller.auth, conversationId, 'Ну что?')).statusCode).toBe(409)
  })

  test('a moderator dismisses one conversation report and stops the reported side writing in another', async () => {
    // Other people than the test above's: its block stands between its buyer and seller in any new conversation.
    const reportedTalk = async () => {
      const car = await createListing(t.db, { ownerId: reported.id })
      const { conversationId } = (await start(reporter.auth, { listingId: car.id, body: 'Здравствуйте' })).json()
      expect((await report(reporter.auth, conversationId, 'Просит задаток')).statusCode).toBe(200)
      const queue = await t.app.inject({ url: '/api/admin/conversation-reports/', headers: moderator.auth })
      const open = (queue.json() as { results: { id: number; conversationId: number }[] }).results.find(
        (r) => r.conversationId === conversationId,
      )
      if (!open) throw new Error('the report is not in the queue')
      return { conversationId: conversationId as number, reportId: open.id }
    }
    const resolve = (auth: Auth, id: number, resolution: string) =>
      act(auth, 'POST', `/api/admin/conversation-reports/${id}/resolve/`, { resolution })
    const dismissed = await reportedTalk()
    const blocked = await reportedTalk()
    // Refused: a user who is not staff, an unknown resolution. Nothing changed, nothing recorded.
    expect((await resolve(reporter.auth, dismissed.reportId, 'dismissed')).statusCode).toBe(403)
    expect((await resolve(moderator.auth, dismissed.reportId, 'banned')).statusCode).toBe(400)
    expect(await eventsOf('chat_report', dismissed.reportId)).toEqual([])
    expect((await resolve(moderator.auth, dismissed.reportId, 'dismissed')).statusCode).toBe(200)
    expect((await resolve(moderator.auth, blocked.reportId, 'blocked')).statusCode).toBe(200)
    // A report resolved once is gone from the queue: resolving it again is a 404 and adds nothing.
    expect((await resolve(moderator.auth, blocked.reportId, 'dismissed')).statusCode).toBe(404)
    expect(await eventsOf('chat_report', dismissed.reportId)).toMatchObject([
      {
        action: 'chat_report.dismissed',
        actor: { id: moderator.id },
        actorRole: 'moderator',
        ip: FROM,
        before: { conversationId: dismissed.conversationId, reporterSide: 'buyer' },
        after: { resolution: 'dismissed' },
      },
    ])
    expect(await eventsOf('chat_report', blocked.reportId)).toMatchObject([
      {
        action: 'chat_report.blocked',
        ip: FROM,
        before: { conversationId: blocked.conversationId, reporterSide: 'buyer' },
        after: { resolution: 'blocked' },
      },
    ])
  })
})
