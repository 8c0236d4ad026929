-- Guests' cached pages are purged by what changed (docs/decisions/019-guest-page-cache.md): every process LISTENs
-- on 'tulpar_pages'. A listing a guest can see (published or sold, before or after the change) sends
-- 'l:{id}:{brand slug}' when anything shown changes (not the view or reveal counters or bookkeeping times); bulk
-- inserts (seeding, imports) send '*'; partners' and company pages' tables send 'p' and 'c'.
CREATE OR REPLACE FUNCTION tulpar_listing_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || coalesce((SELECT slug FROM brands WHERE id = OLD.brand_id), ''));
    RETURN NULL;
  END IF;
  IF NOT (OLD.status IN ('published', 'sold') OR NEW.status IN ('published', 'sold')) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('tulpar_pages', 'l:' || NEW.id || ':' || coalesce((SELECT slug FROM brands WHERE id = NEW.brand_id), ''));
  IF OLD.brand_id IS DISTINCT FROM NEW.brand_id THEN
    PERFORM pg_notify('tulpar_pages', 'l:' || OLD.id || ':' || coalesce((SELECT slug FROM brands WHERE id = OLD.brand_id), ''));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tulpar_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tulpar_pages', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_page_changed AFTER UPDATE ON listings FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{views_count,phone_reveals_count,updated_at,estimated_at}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{views_count,phone_reveals_count,updated_at,estimated_at}'::text[]))
  EXECUTE FUNCTION tulpar_listing_page_changed();
--> statement-breakpoint
CREATE TRIGGER listings_page_deleted AFTER DELETE ON listings FOR EACH ROW EXECUTE FUNCTION tulpar_listing_page_changed();
--> statement-breakpoint
CREATE TRIGGER listings_pages_inserted AFTER INSERT ON listings FOR EACH STATEMENT EXECUTE FUNCTION tulpar_pages_changed('*');
--> statement-breakpoint
CREATE TRIGGER partners_pages_changed AFTER INSERT OR UPDATE OR DELETE ON partners FOR EACH STATEMENT EXECUTE FUNCTION tulpar_pages_changed('p');
--> statement-breakpoint
CREATE TRIGGER partner_categories_pages_changed AFTER INSERT OR UPDATE OR DELETE ON partner_categories FOR EACH STATEMENT EXECUTE FUNCTION tulpar_pages_changed('p');
--> statement-breakpoint
CREATE TRIGGER company_contacts_pages_changed AFTER INSERT OR UPDATE OR DELETE ON company_contacts FOR EACH STATEMENT EXECUTE FUNCTION tulpar_pages_changed('c');
--> statement-breakpoint
CREATE TRIGGER branches_pages_changed AFTER INSERT OR UPDATE OR DELETE ON branches FOR EACH STATEMENT EXECUTE FUNCTION tulpar_pages_changed('c');
--> statement-breakpoint
CREATE TRIGGER customer_reviews_pages_changed AFTER INSERT OR UPDATE OR DELETE ON customer_reviews FOR EACH STATEMENT EXECUTE FUNCTION tulpar_pages_changed('c');
--> statement-breakpoint
-- Photos: the cars whose gallery changed, one notification per statement ('v:{id},{id}...', or '*' past 50 cars:
-- the seed's COPY of a million photos must not send a million notifications).
CREATE OR REPLACE FUNCTION tulpar_listing_photos_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT CASE WHEN count(DISTINCT listing_id) > 50 THEN '*' ELSE 'v:' || string_agg(DISTINCT listing_id::text, ',') END
    INTO ids FROM changed_photos;
  IF ids IS NOT NULL THEN PERFORM pg_notify('tulpar_pages', ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_photos_pages_inserted AFTER INSERT ON listing_photos REFERENCING NEW TABLE AS changed_photos
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_listing_photos_changed();
--> statement-breakpoint
CREATE TRIGGER listing_photos_pages_updated AFTER UPDATE ON listing_photos REFERENCING NEW TABLE AS changed_photos
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_listing_photos_changed();
--> statement-breakpoint
CREATE TRIGGER listing_photos_pages_deleted AFTER DELETE ON listing_photos REFERENCING OLD TABLE AS changed_photos
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_listing_photos_changed();
