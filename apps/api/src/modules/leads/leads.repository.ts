import type { Db } from '../../db/client.ts'
import { leads } from './leads.tables.ts'

export interface NewCallbackLead {
  listingId: number
  phone: string
  lastName: string
  firstName: string
  userId: string | null
}

export async function insertCallbackLead(db: Db, lead: NewCallbackLead): Promise<number> {
  const [row] = await db
    .insert(leads)
    .values({ kind: 'callback', ...lead })
    .returning({ id: leads.id })
  if (!row) throw new Error('lead not stored')
  return row.id
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
}

export async function insertCreditLead(db: Db, lead: NewCreditLead): Promise<number> {
  const [row] = await db
    .insert(leads)
    .values({ kind: 'credit', ...lead })
    .returning({ id: leads.id })
  if (!row) throw new Error('lead not stored')
  return row.id
}

export interface NewPartnerLead {
  partnerId: number
  phone: string
  name: string
  comment: string | null
  userId: string | null
}

export async function insertPartnerLead(db: Db, lead: NewPartnerLead): Promise<number> {
  const [row] = await db
    .insert(leads)
    .values({ kind: 'partner_request', ...lead })
    .returning({ id: leads.id })
  if (!row) throw new Error('lead not stored')
  return row.id
}
