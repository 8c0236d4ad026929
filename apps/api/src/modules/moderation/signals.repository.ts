import { SIGNAL_RULES } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'

/** What the database knows about one listing for the four moderation signals. */
export const SignalFacts = z.object({
  id: z.coerce.number().int(),
  vin: z.string().nullable(),
  year: z.coerce.number().int().nullable(),
  priceKzt: z.coerce.number().nullable(),
  estimateKzt: z.coerce.number().nullable(),
  accountCreatedAt: z.coerce.date(),
  accountAgeDays: z.coerce.number().int(),
  /** Other owners' listings with the same VIN (published, moderation or sold): the first 5 ids. */
  vinListingIds: z.array(z.coerce.number().int()),
  /** Uploaded photos of this listing, and how many of them equal a photo of another listing. */
  uploadedPhotos: z.coerce.number().int(),
  matchingPhotos: z.coerce.number().int(),
  photoListingIds: z.array(z.coerce.number().int()),
  /** Median price of published listings of the same model, year ±1 (null without any). */
  medianKzt: z.coerce.number().nullable(),
  comparables: z.coerce.number().int(),
  /** Buyers' complaints about this listing that staff have not resolved. */
  openComplaints: z.coerce.number().int(),
  /** The seller's listings (this one included) taken down after complaints: the first 5 ids. */
  takenDownListingIds: z.array(z.coerce.number().int()),
})
export type SignalFacts = z.infer<typeof SignalFacts>

const Rows = z.object({ rows: z.array(SignalFacts) })

/**
 * Facts for the signals of several listings in one query (a queue page or one review), all computed in SQL:
 * - same VIN: equality on `listings_vin_idx`, other owners only, statuses a buyer sees or will see;
 * - same photos: equal `listing_photos.sha256` (`listing_photos_sha_idx`) in another listing that is not a
 *   draft. Generated demo illustrations are shared by design and never count;
 * - price: the listing's own `estimate_kzt` (valuation job) and, as the fallback, the median of published
 *   listings of the same brand and model, year ±1 (`listings_pub_brand_model_idx`);
 * - account age from the `user` row;
 * - complaints: this listing's open ones (`listing_complaints_open_uq`), and the seller's listings taken down after
 *   complaints (`listings_owner_idx`, then `listing_complaints_listing_idx`).
 */
export async function findSignalFacts(db: Db, ids: readonly number[]): Promise<Map<number, SignalFacts>> {
  if (ids.length === 0) return new Map()
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const result = await db.execute(sql`
    select
      l.id,
      l.vin,
      l.year,
      l.price_kzt as "priceKzt",
      l.estimate_kzt as "estimateKzt",
      u.created_at as "accountCreatedAt",
      floor(extract(epoch from now() - u.created_at) / 86400)::int as "accountAgeDays",
      coalesce((
        select json_agg(d.id order by d.id) from (
          select o.id from listings o
          where l.vin is not null and l.vin <> '' and o.vin = l.vin
            and o.id <> l.id and o.owner_id <> l.owner_id
            and o.status in ('published', 'moderation', 'sold')
          order by o.id
          limit 5
        ) d
      ), '[]'::json) as "vinListingIds",
      (select count(*)::int from listing_photos p where p.listing_id = l.id and not p.is_illustration)
        as "uploadedPhotos",
      (
        select count(*)::int from listing_photos p
        where p.listing_id = l.id and not p.is_illustration and exists (
          select 1 from listing_photos op
          join listings o on o.id = op.listing_id
          where op.sha256 = p.sha256 and op.listing_id <> l.id and not op.is_illustration and o.status <> 'draft'
        )
      ) as "matchingPhotos",
      coalesce((
        select json_agg(d.listing_id order by d.listing_id) from (
          select distinct op.listing_id from listing_photos p
          join listing_photos op on op.sha256 = p.sha256 and op.listing_id <> p.listing_id and not op.is_illustration
          join listings o on o.id = op.listing_id and o.status <> 'draft'
          where p.listing_id = l.id and not p.is_illustration
          order by op.listing_id
          limit 5
        ) d
      ), '[]'::json) as "photoListingIds",
      m.median as "medianKzt",
      coalesce(m.n, 0) as comparables,
      (select count(*)::int from listing_complaints c where c.listing_id = l.id and c.resolved_at is null)
        as "openComplaints",
      coalesce((
        select json_agg(d.listing_id order by d.listing_id) from (
          select distinct c.listing_id from listings o
          join listing_complaints c on c.listing_id = o.id and c.resolution = 'taken_down'
          where o.owner_id = l.owner_id
          order by c.listing_id
          limit 5
        ) d
      ), '[]'::json) as "takenDownListingIds"
    from listings l
    join "user" u on u.id = l.owner_id
    left join lateral (
      select percentile_cont(0.5) within group (order by c.price_kzt)::float8 as median, count(*)::int as n
      from listings c
      where c.status = 'published' and c.brand_id = l.brand_id and c.model_id = l.model_id
        and c.year between l.year - ${SIGNAL_RULES.yearWindow} and l.year + ${SIGNAL_RULES.yearWindow}
        and c.id <> l.id
    ) m on l.brand_id is not null and l.model_id is not null and l.year is not null
    where l.id in (${idList})
  `)
  const rows = Rows.parse(result).rows
  return new Map(rows.map((r) => [r.id, r]))
}
