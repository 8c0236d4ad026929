import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { keysetCursor } from './keyset-cursor.ts'

const cursor = keysetCursor(z.tuple([z.string().min(1), z.number().int().positive()]))

describe('keyset cursors', () => {
  test('a cursor gives back the sort key it was made from', () => {
    const made = cursor.encode(['2026-11-25 10:00:00.123456+00', 42])
    expect(made).toMatch(/^[\w-]+$/)
    expect(cursor.decode(made)).toEqual(['2026-11-25 10:00:00.123456+00', 42])
  })

  test('anything the codec did not make decodes to null', () => {
    const foreign = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const bad of [
      '',
      'not a cursor',
      '%%%',
      foreign(['x', -1]),
      foreign({ at: 'x', id: 1 }),
      foreign(['x', 1, 2]),
    ])
      expect(cursor.decode(bad)).toBeNull()
  })
})
