/** The signed-in user as the session gives it. */
export interface SessionUser {
  id: string
  email: string
  name: string
  role?: string | null
  phoneNumber?: string | null
  emailVerified: boolean
  /** The client's address of the request that carried the session (set by requireUser; the audit trail records it). */
  ip?: string | null
}

/** The ban reason that marks an erased account (its sessions sign nobody in; see endDeletedAccountSession). */
export const ACCOUNT_DELETED_REASON = 'account deleted'
