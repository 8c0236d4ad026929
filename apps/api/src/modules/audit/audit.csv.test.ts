import { describe, expect, test } from 'vitest'
import { auditCsvLine, csvField } from './audit.csv.ts'

describe('the audit CSV', () => {
  test('a field with a comma, quote or line break is quoted, its quotes doubled', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
  })

  test('a text a spreadsheet would run as a formula is written as text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvField('+7701')).toBe("'+7701")
    expect(csvField('-1')).toBe("'-1")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
  })

  test('a line: the columns in order, JSON for before and after, CRLF at the end', () => {
    expect(
      auditCsvLine({
        id: '7',
        at: '2026-01-02T03:04:05.000Z',
        actor: { id: 'u1', name: 'Айгуль, модератор' },
        actorRole: 'moderator',
        ip: '203.0.113.7',
        action: 'listing.rejected',
        targetType: 'listing',
        targetId: '42',
        before: { status: 'moderation' },
        after: null,
      }),
    ).toBe(
      '7,2026-01-02T03:04:05.000Z,u1,"Айгуль, модератор",moderator,203.0.113.7,listing.rejected,listing,42,"{""status"":""moderation""}",\r\n',
    )
  })
})
