import { describe, expect, test } from 'vitest'
import { complaintError, parseComplaint } from './complaint.server.ts'

const form = (fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}

describe('the complaint form', () => {
  test('a reason, with or without a comment, becomes the API body (the comment trimmed)', () => {
    expect(parseComplaint(form({ reason: 'sold' }))).toMatchObject({ ok: true, body: { reason: 'sold' } })
    const parsed = parseComplaint(form({ reason: 'fraud', comment: '  Просит предоплату  ' }))
    expect(parsed).toMatchObject({ ok: true, body: { reason: 'fraud', comment: 'Просит предоплату' } })
  })

  test('no reason, an unknown one, "other" without a comment, or a long comment: translated errors, values kept', () => {
    expect(parseComplaint(form({}))).toMatchObject({
      ok: false,
      result: { fieldErrors: { reason: 'complaint.error.reason' }, values: { reason: '', comment: '' } },
    })
    expect(parseComplaint(form({ reason: 'stolen', comment: 'x' }))).toMatchObject({
      ok: false,
      result: { fieldErrors: { reason: 'complaint.error.reason' }, values: { reason: 'stolen', comment: 'x' } },
    })
    const other = parseComplaint(form({ reason: 'other', comment: '   ' }))
    expect(other).toMatchObject({ ok: false, result: { fieldErrors: { comment: 'complaint.error.comment' } } })
    expect(other.ok ? null : other.result.fieldErrors.reason).toBeUndefined()
    const long = parseComplaint(form({ reason: 'sold', comment: 'я'.repeat(1001) }))
    expect(long).toMatchObject({ ok: false, result: { fieldErrors: { comment: 'complaint.error.commentLong' } } })
  })

  test("the service's refusals are named for the visitor", () => {
    expect(complaintError('complaint.own_listing')).toEqual({ error: 'complaint.error.own', status: 403 })
    expect(complaintError('rate_limited')).toEqual({ error: 'complaint.error.rate', status: 429 })
    expect(complaintError('listing.not_found')).toEqual({ error: 'complaint.error.gone', status: 404 })
    expect(complaintError('something.else')).toEqual({ error: 'error.validation.failed', status: 400 })
  })
})
