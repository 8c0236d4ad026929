import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'

/** An account younger than this writes under the new-account limits (most scam accounts are hours old). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000

interface ChatLimit {
  /** Allowed per window for an account older than NEW_ACCOUNT_MS. */
  normal: number
  /** Allowed per window for a new account. */
  newAccount: number
  windowSeconds: number
}

/**
 * How much one user may write (issue 35: 60 messages in half a second; a new account sent a prepayment scam to 25
 * sellers in 0.2 s). A person typing short replies fits easily; a script does not. New accounts and texts the scam
 * warnings flag (fraud.ts) get less: a flagged text is still delivered, with its warning, but only a few an hour.
 * Counted per user in the shared limiter (Redis when configured), so every process counts the same.
 */
export const CHAT_LIMITS = {
  /** Messages of any kind in 10 seconds: a burst. */
  messagesBurst: { normal: 10, newAccount: 5, windowSeconds: 10 },
  messagesHour: { normal: 120, newAccount: 40, windowSeconds: 3600 },
  /** Conversations started (a first message to a seller about another car). */
  conversationsHour: { normal: 20, newAccount: 5, windowSeconds: 3600 },
  conversationsDay: { normal: 60, newAccount: 15, windowSeconds: 86_400 },
  /** Messages the scam warnings flag (prepayment, card details, another messenger). */
  flaggedHour: { normal: 10, newAccount: 3, windowSeconds: 3600 },
} as const satisfies Record<string, ChatLimit>

export interface ChatWrite {
  userId: string
  /** When the writer's account was made. */
  accountCreatedAt: Date
  /** The message starts a new conversation. */
  startsConversation: boolean
  /** The message earned scam warnings. */
  flagged: boolean
  now: Date
}

/** Throws RateLimitedError (429, Retry-After) when this message would go over one of CHAT_LIMITS. */
export async function enforceChatLimits(limiter: RateLimiter, write: ChatWrite): Promise<void> {
  const isNew = write.now.getTime() - write.accountCreatedAt.getTime() < NEW_ACCOUNT_MS
  const check = (name: keyof typeof CHAT_LIMITS) => {
    const l = CHAT_LIMITS[name]
    return {
      key: `chat:${name}:${write.userId}`,
      limit: isNew ? l.newAccount : l.normal,
      windowSeconds: l.windowSeconds,
    }
  }
  await enforceRateLimits(limiter, [
    check('messagesBurst'),
    check('messagesHour'),
    ...(write.startsConversation ? [check('conversationsHour'), check('conversationsDay')] : []),
    ...(write.flagged ? [check('flaggedHour')] : []),
  ])
}
