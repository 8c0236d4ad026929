import { describe, expect, test } from 'vitest'
import { arrayLiteral, buildCopyText, copyStatement, escapeCopyText, formatCopyValue, snakeCase } from './copy.ts'

describe('COPY text format', () => {
  test('escapes backslash, tab, newline and carriage return', () => {
    expect(escapeCopyText('plain text, "quotes" и кириллица')).toBe('plain text, "quotes" и кириллица')
    expect(escapeCopyText('a\tb')).toBe('a\\tb')
    expect(escapeCopyText('line1\nline2\r\n')).toBe('line1\\nline2\\r\\n')
    expect(escapeCopyText('C:\\path\\N')).toBe('C:\\\\path\\\\N')
  })

  test('null, booleans, numbers, dates and JSON', () => {
    expect(formatCopyValue(null)).toBe('\\N')
    expect(formatCopyValue(undefined)).toBe('\\N')
    expect(formatCopyValue(true)).toBe('t')
    expect(formatCopyValue(false)).toBe('f')
    expect(formatCopyValue(42)).toBe('42')
    expect(formatCopyValue(12_500_000)).toBe('12500000')
    expect(formatCopyValue(new Date('2026-03-01T10:20:30.000Z'))).toBe('2026-03-01T10:20:30.000Z')
    expect(formatCopyValue([{ code: 'engine', ok: true, note: 'a\tb' }].at(0))).toBe(
      '{"code":"engine","ok":true,"note":"a\\\\tb"}',
    )
    expect(() => formatCopyValue(Number.NaN)).toThrow()
  })

  test('the string "\\N" is not confused with null', () => {
    expect(formatCopyValue('\\N')).toBe('\\\\N')
  })

  test('text arrays: quoted elements, commas, quotes, backslashes, braces and NULL', () => {
    expect(arrayLiteral([])).toBe('{}')
    expect(arrayLiteral(['abs', 'esp'])).toBe('{"abs","esp"}')
    expect(arrayLiteral(['a,b', 'say "hi"', 'x\\y', '{z}', null])).toBe('{"a,b","say \\"hi\\"","x\\\\y","{z}",NULL}')
    // Inside COPY text the array literal's own backslashes are escaped once more.
    expect(formatCopyValue(['say "hi"'])).toBe('{"say \\\\"hi\\\\""}')
    expect(formatCopyValue(['tab\there'])).toBe('{"tab\\there"}')
  })

  test('rows become tab-separated lines', () => {
    const text = buildCopyText([
      [1, 'Алматы', null, true, ['a', 'b']],
      [2, 'two\nlines', 'x\ty', false, []],
    ])
    expect(text).toBe('1\tАлматы\t\\N\tt\t{"a","b"}\n2\ttwo\\nlines\tx\\ty\tf\t{}\n')
  })

  test('statement and column names', () => {
    expect(snakeCase('ownerId')).toBe('owner_id')
    expect(snakeCase('engineVolumeCc')).toBe('engine_volume_cc')
    expect(snakeCase('sha256')).toBe('sha256')
    expect(copyStatement('user', ['id', 'email_verified'], 'STDIN')).toBe(
      'COPY "user" ("id", "email_verified") FROM STDIN',
    )
  })
})
