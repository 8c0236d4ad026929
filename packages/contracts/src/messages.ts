import { z } from 'zod'

/* The owner's inbox (spec: "my messages"). For now the system thread: moderation outcomes from Tulpar Auto. */

export const INBOX_PAGE_SIZE = 50

export const InboxMessage = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    kind: z.enum(['system', 'listing']).describe('`system`: from Tulpar Auto; `listing`: about a listing'),
    listingId: z.number().int().nullable(),
    sender: z.object({ id: z.string(), name: z.string() }).nullable().describe('null for Tulpar Auto itself'),
    body: z.string(),
    createdAt: z.iso.datetime(),
    isRead: z.boolean(),
  })
  .meta({ id: 'InboxMessage' })
export type InboxMessage = z.infer<typeof InboxMessage>

export const InboxPage = z
  .object({
    results: z.array(InboxMessage).describe(`Newest first, at most ${INBOX_PAGE_SIZE}`),
    unread: z.number().int(),
  })
  .meta({ id: 'InboxPage' })
export type InboxPage = z.infer<typeof InboxPage>
