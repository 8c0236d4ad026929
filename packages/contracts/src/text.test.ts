import { describe, expect, test } from 'vitest'
import { hasControlCharacters } from './text.ts'

describe('control characters in texts', () => {
  test('NUL, the other C0 controls and DEL are refused; tab, line feed and carriage return are text', () => {
    const refused = [...Array.from({ length: 32 }, (_, c) => c).filter((c) => ![9, 10, 13].includes(c)), 0x7f]
    for (const c of refused)
      expect(hasControlCharacters(`a${String.fromCharCode(c)}b`), `U+${c.toString(16)}`).toBe(true)
    for (const text of ['line\none', 'cr\r\nlf', 'tab\there', 'Қазақстан ✓ 🚗', '', ' ~'])
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false)
  })
})
