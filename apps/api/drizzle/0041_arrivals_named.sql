-- A car coming on the market (published, or a car on sale moved to another brand, model or body type) says so: ':a'
-- after its place ('l:{id}:{brand}:{model}:{city}:a'), which purges its model's newcomers' tag as well as its scopes.
-- A band's similar cars (decision 045) carry that tag instead of the model's list scope: a car leaving the market
-- changes such an answer only when it is shown, and then its own tag purges it. Until now every sale, removal and
-- pause of a model purged all of that model's band answers; the hourly fresh-listings run pauses up to 5,000 cars at
-- once (decision 032). Expand only (decision 031): the function replaced; a process of the previous release reads
-- the place and ignores the fifth field, and its band answers carry the model's scope, which every change still purges.
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
  PERFORM pg_notify('tulpar_pages', 'l:' || NEW.id || ':' || tulpar_listing_place(NEW.brand_id, NEW.model_id, NEW.city_id)
    || CASE WHEN NEW.status = 'published' AND (OLD.status IS DISTINCT FROM 'published'
         OR (OLD.brand_id, OLD.model_id, OLD.body_type) IS DISTINCT FROM (NEW.brand_id, NEW.model_id, NEW.body_type))
       THEN ':a' ELSE '' END);
  IF (OLD.brand_id, OLD.model_id, OLD.city_id) IS DISTINCT FROM (NEW.brand_id, NEW.model_id, NEW.city_id) THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || tulpar_listing_place(OLD.brand_id, OLD.model_id, OLD.city_id));
  END IF;
  RETURN NULL;
END $$;
