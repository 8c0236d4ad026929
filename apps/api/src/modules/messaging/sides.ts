/*
 * The two sides of a conversation about a car (decision in modules/README.md, "Dealers"): the buyer, and the seller:
 * the listing's owner, or for a dealer's car every one of the dealer's people, who share the seller's one seat (the
 * participant row whose read mark, shared contacts and block are the side's). Pure rules over a conversation's rows.
 */

type User = { id: string }

/**
 * Who a reader is in a conversation: its buyer, its seller (for a dealer's car, any of the dealer's people), or the
 * owner of a system thread.
 */
export type Side = 'buyer' | 'seller' | 'own'

/** The reader's seat: the participant row whose read mark, shared contacts and block are the reader's side's. */
export function seatOf<P extends { userId: string }>(
  side: Side,
  u: User,
  conversation: { buyerId: string | null },
  participants: P[],
): P | undefined {
  if (side === 'own') return participants.find((p) => p.userId === u.id)
  if (side === 'buyer') return participants.find((p) => p.userId === conversation.buyerId)
  return participants.find((p) => p.userId !== conversation.buyerId)
}

/** The side a reader sees across the conversation: the buyer's or the seller's seat (none in a system thread). */
export function otherOf<P extends { userId: string }>(
  side: Side,
  conversation: { buyerId: string | null },
  participants: P[],
): P | null {
  if (side === 'own') return null
  return (
    participants.find((p) =>
      side === 'buyer' ? p.userId !== conversation.buyerId : p.userId === conversation.buyerId,
    ) ?? null
  )
}

/** Whether a message is the reader's side's (a dealer's person's colleague writes for the same side). */
export function isMine(
  side: Side,
  u: User,
  conversation: { buyerId: string | null },
  senderId: string | null,
): boolean {
  if (senderId === null) return false
  if (side === 'own') return senderId === u.id
  return side === 'buyer' ? senderId === conversation.buyerId : senderId !== conversation.buyerId
}

/** The name the reader sees across: a dealer's, when the other side is the seller's seat of a dealer's car. */
export function nameAcross(side: Side, conversation: { dealerName: string | null }, other: { name: string }): string {
  return side === 'buyer' && conversation.dealerName !== null ? conversation.dealerName : other.name
}

/** The contacts the other side shares: a dealer shares its own phones, not its person's. */
export function contactsAcross(
  side: Side,
  conversation: { dealerPhones: string[] | null },
  other: { phone: string | null; email: string | null },
): { phone: string | null; email: string | null } {
  if (side === 'buyer' && conversation.dealerPhones !== null)
    return { phone: conversation.dealerPhones.join(', ') || null, email: null }
  return { phone: other.phone, email: other.email }
}
