import { z } from 'zod'
import { FRAUD_WARNINGS, MESSAGE_MAX_LENGTH } from './car-page-constants.ts'

export const FraudWarning = z.enum(FRAUD_WARNINGS)
export type FraudWarning = z.infer<typeof FraudWarning>

const Body = z.string().trim().min(1).max(MESSAGE_MAX_LENGTH)
const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const StartConversationBody = z.strictObject({ listingId: Id, body: Body })
export type StartConversationBody = z.infer<typeof StartConversationBody>
export const SendMessageBody = z.strictObject({ body: Body })
export const ReportConversationBody = z.strictObject({ reason: z.string().trim().min(3).max(500) })
export const ConversationParams = z.object({ id: Id })

export const ConversationListing = z.object({
  id: z.number().int(),
  title: z.string(),
  priceKzt: z.number().int(),
  coverKey: z.string().nullable(),
})

export const ConversationSummary = z
  .object({
    id: z.number().int(),
    kind: z.enum(['system', 'listing']).describe('`system`: messages from Tulpar Auto'),
    listing: ConversationListing.nullable(),
    /**
     * The other side (null for Tulpar Auto's thread). A buyer writing about a dealer's car sees the dealer's name:
     * every one of the dealer's people (owner and managers) reads and answers the conversation.
     */
    other: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** I am the seller of the listing (for a dealer's car: one of the dealer's people). */
    iAmSeller: z.boolean(),
    /** The dealer whose car it is about (null for a private seller's car and Tulpar Auto's thread). */
    dealer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    lastMessage: z
      .object({ body: z.string(), createdAt: z.iso.datetime(), mine: z.boolean() })
      .nullable()
      .describe('Contacts masked as in the thread'),
    unread: z.number().int(),
  })
  .meta({ id: 'ConversationSummary' })
export type ConversationSummary = z.infer<typeof ConversationSummary>

export const ConversationList = z.object({ results: z.array(ConversationSummary), unread: z.number().int() })
export type ConversationList = z.infer<typeof ConversationList>

export const ConversationMessage = z
  .object({
    id: z.number().int(),
    from: z.enum(['me', 'them', 'system']),
    /** Phone numbers and e-mail addresses of a sender who does not share contacts are masked. */
    body: z.string(),
    /** On the other side's messages only: what the reader is warned about. */
    warnings: z.array(FraudWarning),
    /**
     * Which of the dealer's people wrote it, shown to the dealer's people on their colleagues' answers (`from` is
     * `me`: the dealer's side); null everywhere else.
     */
    author: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ConversationMessage' })
export type ConversationMessage = z.infer<typeof ConversationMessage>

export const ConversationDetail = ConversationSummary.extend({
  messages: z.array(ConversationMessage).describe('Oldest first, the latest 200'),
  /** The other side's phone and e-mail: only when they chose to share them. */
  otherContacts: z.object({ phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  iShareContacts: z.boolean(),
  blockedByMe: z.boolean(),
  blockedByOther: z.boolean(),
  reportedByMe: z.boolean(),
}).meta({ id: 'ConversationDetail' })
export type ConversationDetail = z.infer<typeof ConversationDetail>

export const StartedConversation = z.object({ conversationId: z.number().int(), messageId: z.number().int() })
export const SentMessage = z.object({ messageId: z.number().int() })
export const UnreadMessages = z.object({ unread: z.number().int() })

export const REPORT_RESOLUTIONS = ['dismissed', 'blocked'] as const
export const ResolveReportBody = z.strictObject({ resolution: z.enum(REPORT_RESOLUTIONS) })
export const ReportParams = z.object({ id: Id })

export const ConversationReport = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    reason: z.string(),
    createdAt: z.iso.datetime(),
    reporter: z.object({ id: z.string(), name: z.string() }),
    reported: z.object({ id: z.string(), name: z.string() }).nullable(),
    listing: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    /** Unmasked: moderators judge what was actually written. */
    messages: z.array(
      z.object({
        id: z.number().int(),
        senderName: z.string().nullable(),
        body: z.string(),
        warnings: z.array(FraudWarning),
        createdAt: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'ConversationReport' })
export type ConversationReport = z.infer<typeof ConversationReport>
export const ConversationReportList = z.object({ results: z.array(ConversationReport) })
