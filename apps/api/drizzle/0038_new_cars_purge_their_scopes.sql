-- A listing's change other than its price names its brand, model and city ('l:{id}:{brand}:{model}:{city}', slugs,
-- empty when it has none), so that it purges only the lists it can be on: those of all cars, its brand and its model,
-- in all Kazakhstan and in its city (decision 042), not every list of every city. A car that moves to another brand,
-- model or city names its old place as well. A price change still names the car alone (migration 0036). Expand only
-- (decision 031): a function replaced; processes of the previous release read the id and the brand and ignore the
-- rest, as they did.
CREATE OR REPLACE FUNCTION tulpar_listing_place(brand_id integer, model_id integer, city_id integer) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT slug FROM brands WHERE id = brand_id), '') || ':'
    || coalesce((SELECT slug FROM models WHERE id = model_id), '') || ':'
    || coalesce((SELECT slug FROM cities WHERE id = city_id), '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tulpar_listing_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || tulpar_listing_place(OLD.brand_id, OLD.model_id, OLD.city_id));
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
  PERFORM pg_notify('tulpar_pages', 'l:' || NEW.id || ':' || tulpar_listing_place(NEW.brand_id, NEW.model_id, NEW.city_id));
  IF (OLD.brand_id, OLD.model_id, OLD.city_id) IS DISTINCT FROM (NEW.brand_id, NEW.model_id, NEW.city_id) THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || tulpar_listing_place(OLD.brand_id, OLD.model_id, OLD.city_id));
  END IF;
  RETURN NULL;
END $$;
