import type { Db } from '../../db/client.ts'
import type { JobSender } from '../jobs/index.ts'
import { leads } from './leads.tables.ts'

/**
 * Every lead is stored through here: the row and the 'lead-created' job (which tells the staff on duty, and a
 * partner its own requests) commit together, so no lead is stored unannounced or announced unstored.
 */
export async function recordLead(db: Db, jobs: JobSender, values: typeof leads.$inferInsert): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values(values).returning({ id: leads.id })
    if (!row) throw new Error('lead not stored')
    await jobs.send('lead-created', { leadId: row.id }, { tx })
    return row.id
  })
}

export interface NewCallbackLead {
  listingId: number
  phone: string
  lastName: string
  firstName: string
  userId: string | null
  sourcePath: string | null
}

export function insertCallbackLead(db: Db, jobs: JobSender, lead: NewCallbackLead): Promise<number> {
  return recordLead(db, jobs, { kind: 'callback', ...lead })
}

export interface NewCreditLead {
  listingId: number | null
  phone: string
  lastName: string
  firstName: string
  carPriceKzt: number
  downPaymentKzt: number
  termMonths: number
  userId: string | null
  sourcePath: string | null
}

export function insertCreditLead(db: Db, jobs: JobSender, lead: NewCreditLead): Promise<number> {
  return recordLead(db, jobs, { kind: 'credit', ...lead })
}

export interface NewPartnerLead {
  partnerId: number
  phone: string
  name: string
  comment: string | null
  userId: string | null
  sourcePath?: string | null
}

export function insertPartnerLead(db: Db, jobs: JobSender, lead: NewPartnerLead): Promise<number> {
  return recordLead(db, jobs, {
    kind: 'partner_request',
    ...lead,
    sourcePath: lead.sourcePath ?? `/partners/${lead.partnerId}`,
  })
}
