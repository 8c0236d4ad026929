-- A car's price or market estimate changed (and nothing else a list selects or sorts by): its own pages and every
-- page showing it are purged ('v:{id}' names the listing's tag, which each list page carries for every car it
-- shows), not every list of its brand and all brands. Lists may take up to their time (60 s) to re-sort or re-filter
-- by the new price; the price they show is the new one within the second, as before (issue 39, decision 038). Any
-- other change, a status change among them, purges as before. Expand only (decision 031): a function replaced.
CREATE OR REPLACE FUNCTION tulpar_listing_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || coalesce((SELECT slug FROM brands WHERE id = OLD.brand_id), ''));
    RETURN NULL;
  END IF;
  IF NOT (OLD.status IN ('published', 'sold') OR NEW.status IN ('published', 'sold')) THEN
    RETURN NULL;
  END IF;
  IF (to_jsonb(OLD) - '{price_kzt,estimate_kzt,estimate_low_kzt,estimate_high_kzt,estimate_comparables,deal_rating,views_count,phone_reveals_count,updated_at,estimated_at}'::text[])
    = (to_jsonb(NEW) - '{price_kzt,estimate_kzt,estimate_low_kzt,estimate_high_kzt,estimate_comparables,deal_rating,views_count,phone_reveals_count,updated_at,estimated_at}'::text[]) THEN
    PERFORM pg_notify('tulpar_pages', 'v:' || NEW.id);
    RETURN NULL;
  END IF;
  PERFORM pg_notify('tulpar_pages', 'l:' || NEW.id || ':' || coalesce((SELECT slug FROM brands WHERE id = NEW.brand_id), ''));
  IF OLD.brand_id IS DISTINCT FROM NEW.brand_id THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || coalesce((SELECT slug FROM brands WHERE id = OLD.brand_id), ''));
  END IF;
  RETURN NULL;
END $$;
