import { z } from 'zod'

/**
 * Error codes the API answers with. The web maps each to a translated message (ru/kk/en);
 * an unknown code falls back to `generic.failed`.
 */
export const ERROR_CODES = ['validation.failed', 'not_found', 'listing.not_found', 'internal', 'unavailable'] as const
export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

export const FieldError = z.object({
  field: z.string().describe('Dotted path of the bad field, e.g. `query.yearFrom`'),
  code: z.string().describe('Machine-readable reason, e.g. `too_small`, `invalid_type`, `unrecognized_keys`'),
  message: z.string(),
})
export type FieldError = z.infer<typeof FieldError>

/** RFC 9457 problem details, as every API error is written. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(FieldError).optional(),
    error: z.string().optional().describe('The code again, for clients of the spec calls that read `error`'),
  })
  .meta({ id: 'Problem' })
export type Problem = z.infer<typeof Problem>
