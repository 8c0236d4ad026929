-- Custom migration (drizzle cannot express triggers): keeps listing_counts exact. See
-- docs/decisions/005-search-counts-and-paging.md.
-- Every change to a published listing, or a listing becoming or ceasing to be published, adjusts the rollup
-- rows (newness x city-or-all x brand-or-all x model-or-all) in the same transaction, so the counts are never
-- stale. Inserts and deletes run once per statement over the transition table (a COPY of 25,000 rows is one
-- aggregate, not 25,000 upserts); updates fire per row and only when a counted column changes, so view and
-- phone-reveal counters cost nothing here. Rows are upserted in key order, so concurrent transactions lock
-- them in the same order and cannot deadlock on them.
CREATE FUNCTION listing_counts_add(brand_ids int[], model_ids int[], city_ids int[], new_flags boolean[], deltas int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO listing_counts AS c (newness, city_id, brand_id, model_id, n)
  SELECT nw.newness, ct.city_id, bm.brand_id, bm.model_id, sum(d.delta)::int
  FROM unnest(brand_ids, model_ids, city_ids, new_flags, deltas) AS d(brand_id, model_id, city_id, is_new, delta)
  CROSS JOIN LATERAL (VALUES ('all'), (CASE WHEN d.is_new THEN 'new' ELSE 'used' END)) AS nw(newness)
  CROSS JOIN LATERAL (VALUES (0), (d.city_id)) AS ct(city_id)
  CROSS JOIN LATERAL (VALUES (0, 0), (d.brand_id, 0), (d.brand_id, d.model_id)) AS bm(brand_id, model_id)
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (newness, city_id, brand_id, model_id) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_counts_add(array_agg(brand_id), array_agg(model_id), array_agg(city_id), array_agg(is_new), array_agg(n))
  FROM (SELECT brand_id, model_id, city_id, is_new, count(*)::int AS n
        FROM new_rows WHERE status = 'published' GROUP BY 1, 2, 3, 4) AS g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_counts_add(array_agg(brand_id), array_agg(model_id), array_agg(city_id), array_agg(is_new), array_agg(n))
  FROM (SELECT brand_id, model_id, city_id, is_new, -count(*)::int AS n
        FROM old_rows WHERE status = 'published' GROUP BY 1, 2, 3, 4) AS g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listing_counts_add(
    ARRAY[OLD.brand_id, NEW.brand_id], ARRAY[OLD.model_id, NEW.model_id], ARRAY[OLD.city_id, NEW.city_id],
    ARRAY[OLD.is_new, NEW.is_new],
    ARRAY[CASE WHEN OLD.status = 'published' THEN -1 ELSE 0 END, CASE WHEN NEW.status = 'published' THEN 1 ELSE 0 END]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION listing_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_counts_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER listing_counts_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER listing_counts_update AFTER UPDATE ON listings FOR EACH ROW
  WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.model_id IS DISTINCT FROM NEW.model_id OR OLD.city_id IS DISTINCT FROM NEW.city_id
    OR OLD.is_new IS DISTINCT FROM NEW.is_new))
  EXECUTE FUNCTION listing_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER listing_counts_truncate AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_on_truncate();
--> statement-breakpoint
SELECT listing_counts_add(array_agg(brand_id), array_agg(model_id), array_agg(city_id), array_agg(is_new), array_agg(n))
FROM (SELECT brand_id, model_id, city_id, is_new, count(*)::int AS n
      FROM listings WHERE status = 'published' GROUP BY 1, 2, 3, 4) AS g;
--> statement-breakpoint
-- A model implies its brand: without this the planner multiplies the two selectivities and expects a
-- brand+model filter to match far fewer rows than it does.
CREATE STATISTICS listings_brand_model_stats (dependencies) ON brand_id, model_id FROM listings;
