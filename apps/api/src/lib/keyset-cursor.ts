import type { z } from 'zod'

/**
 * The opaque `cursor` of a keyset page: the last row's sort key, a JSON tuple in base64url. `decode` answers null for
 * anything this codec did not make (not base64url JSON, or not a tuple of `tuple`), so the caller throws its own 400.
 */
export function keysetCursor<T extends z.ZodTuple>(tuple: T) {
  return {
    encode: (key: z.output<T>): string => Buffer.from(JSON.stringify(key)).toString('base64url'),
    decode(cursor: string): z.output<T> | null {
      try {
        const parsed = tuple.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
        return parsed.success ? parsed.data : null
      } catch (error) {
        if (error instanceof SyntaxError) return null
        throw error
      }
    },
  }
}
