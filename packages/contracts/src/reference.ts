import { z } from 'zod'

export const BrandRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).meta({ id: 'BrandRef' })
export type BrandRef = z.infer<typeof BrandRef>

export const ModelRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).meta({ id: 'ModelRef' })
export type ModelRef = z.infer<typeof ModelRef>

export const CodeName = z.object({ code: z.string(), name: z.string() })
export type CodeName = z.infer<typeof CodeName>
