import type { Db } from '../../db/client.ts'
import type { RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import type { MediaStorage } from '../media/index.ts'
import { createDealerAccess } from './dealer-access.ts'
import { createDealerAccount } from './dealer-account.service.ts'
import { createDealerApplications } from './dealer-applications.service.ts'
import { createDealerMembers } from './dealer-members.service.ts'
import { createDealerPages } from './dealer-pages.service.ts'

/** What the dealers need of the listings, passed in where the services are wired (listings sits above dealers). */
interface DealerListings {
  /** Published cars per dealer. */
  count(dealerIds: number[]): Promise<Map<number, number>>
  /** Hands a removed member's cars of the dealer to its owner, in the removal's transaction. */
  reassign(tx: Db, dealerId: number, fromUserId: string, toUserId: string): Promise<void>
  /** Starts a draft listing sold as the dealer (selling's own draft, with the dealer set). */
  createDraft(u: SessionUser, dealerId: number): Promise<{ id: number }>
}

export interface DealersServiceDeps {
  db: Db
  limiter: RateLimiter
  listings: DealerListings
  /** Where the dealers' logos are stored (`dealers/{id}/{name}`). */
  media: MediaStorage
}

/**
 * Dealers: company accounts whose people sell as the company. A signed-in user applies and becomes the owner; staff
 * verify, reject or suspend with a checklist and a note (audited); the owner adds and removes managers. Every
 * permission is read from the database at each call, so a removed member loses access at once.
 *
 * One service in four parts: applications and their verification (dealer-applications), the dealer's people
 * (dealer-members), reading dealers (dealer-pages) and running the account and its logo (dealer-account).
 */
export function createDealersService({ db, limiter, listings, media }: DealersServiceDeps) {
  const access = createDealerAccess(db)
  return {
    ...createDealerApplications({ db, limiter, access }),
    ...createDealerMembers({ db, limiter, access, reassignListings: listings.reassign }),
    ...createDealerPages({ db, access, countListings: listings.count }),
    ...createDealerAccount({ db, limiter, access, media, createDraft: listings.createDraft }),
  }
}
export type DealersService = ReturnType<typeof createDealersService>
