import { randomBytes } from 'node:crypto'
import type { ReportShare, SharedVehicleReport } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import {
  SharedReportNotFoundError,
  VehicleReportNotFoundError,
  VehicleReportNotReadyError,
} from './vehicle-checks.errors.ts'
import * as repo from './vehicle-checks.repository.ts'

/** 32 random bytes in base64url: 43 characters, 256 bits (a link nobody can guess or walk). */
const TOKEN_BYTES = 32
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/

/** Turning sharing on makes a token; a person shares a few reports, not hundreds an hour (429). */
export const SHARE_LIMIT = { limit: 30, windowSeconds: 3600 } as const

function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url')
}

/** The public page of a shared report. */
function sharedReportUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/check/shared/${token}`
}

export function toReportShare(
  row: { shareToken: string | null; sharedAt: Date | null },
  publicUrl: string,
): ReportShare | null {
  if (!row.shareToken || !row.sharedAt) return null
  return {
    token: row.shareToken,
    url: sharedReportUrl(publicUrl, row.shareToken),
    sharedAt: row.sharedAt.toISOString(),
  }
}

/**
 * Sharing a TulparAutoCheck report with the owner's consent (issue 14): the owner turns a link on and off; anyone
 * with the link reads the report's car, VIN and findings, never who ordered it or the order and its payment.
 * Owner calls are 404 for anyone else, staff included, as reading the report is.
 */
export function createReportSharing({
  db,
  limiter,
  publicUrl,
  now,
}: {
  db: Db
  limiter: RateLimiter
  publicUrl: string
  now: () => Date
}) {
  return {
    /**
     * Turns sharing on and answers the link; idempotent (a report already shared keeps its token). Throws
     * VehicleReportNotFoundError for anyone but the owner, VehicleReportNotReadyError until the report is ready.
     */
    async shareReport(u: Pick<SessionUser, 'id'>, id: number): Promise<ReportShare> {
      await enforceRateLimits(limiter, [{ key: `check-share:user:${u.id}`, ...SHARE_LIMIT }])
      // One statement: two requests at once end with the same token, never two.
      const shared = await repo.markReportShared(db, u.id, id, { token: newShareToken(), at: now() })
      const share = shared ? toReportShare(shared, publicUrl) : null
      if (share) return share
      const own = await repo.hasOwnReport(db, u.id, id)
      throw own ? new VehicleReportNotReadyError(id) : new VehicleReportNotFoundError(id)
    },

    /**
     * Stops sharing: the token is cleared, so the old link is 404 from now on (idempotent). Never rate-limited:
     * taking a report back must always work. Throws VehicleReportNotFoundError for anyone but the owner.
     */
    async stopSharingReport(u: Pick<SessionUser, 'id'>, id: number): Promise<void> {
      if (!(await repo.clearReportShare(db, u.id, id))) throw new VehicleReportNotFoundError(id)
    },

    /** The report shared at `token`, for anyone. Throws SharedReportNotFoundError for any other string. */
    async getSharedReport(token: string): Promise<SharedVehicleReport> {
      if (!TOKEN_FORMAT.test(token)) throw new SharedReportNotFoundError()
      const row = await repo.findSharedReport(db, token)
      if (!row?.content) throw new SharedReportNotFoundError()
      // Only these three: the report row also names its owner and its order, which never leave here.
      return { title: row.name, vin: row.vin, content: row.content }
    },
  }
}
