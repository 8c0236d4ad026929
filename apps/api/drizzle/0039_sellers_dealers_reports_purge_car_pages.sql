-- A car's page shows more than its listing's row: its seller's name (user), its dealer's name while the dealer is
-- verified (dealers), its inspection reports, and the "seen before" line counted from the other listings of its VIN.
-- Guests' car pages are kept six hours (decision 047), so each of these now purges the pages of the cars it shows on,
-- as a price change does ('v:{id},...': the car's page and whatever shows the car; a list shows a dealer's name too).
-- Expand only (decision 031): new functions and triggers, and every process since migration 0036 reads 'v:'.
CREATE OR REPLACE FUNCTION tulpar_cars_pages_changed(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  batch text;
BEGIN
  -- A notification's payload must stay under 8,000 bytes: 400 ids of up to 15 digits take at most 6,402 with their
  -- commas and the kind.
  FOR batch IN
    SELECT string_agg(id::text, ',') FROM (
      SELECT id, (row_number() OVER () - 1) / 400 AS grp FROM unnest(ids) AS id
    ) numbered GROUP BY grp
  LOOP
    PERFORM pg_notify('tulpar_pages', 'v:' || batch);
  END LOOP;
END $$;
--> statement-breakpoint
-- A seller's new name (or an erased account's 'deleted'): the pages of their cars on sale or sold.
CREATE OR REPLACE FUNCTION tulpar_seller_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tulpar_cars_pages_changed(ARRAY(
    SELECT id FROM listings WHERE owner_id = NEW.id AND status IN ('published', 'sold')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_car_pages_changed AFTER UPDATE OF name ON "user" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION tulpar_seller_pages_changed();
--> statement-breakpoint
-- A dealer renamed, verified or suspended (its cars show its name only while it is verified): the pages of its cars.
CREATE OR REPLACE FUNCTION tulpar_dealer_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tulpar_cars_pages_changed(ARRAY(
    SELECT id FROM listings WHERE dealer_id = NEW.id AND status = 'published'
    UNION ALL
    SELECT id FROM listings WHERE dealer_id = NEW.id AND status = 'sold'
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dealers_car_pages_changed AFTER UPDATE OF legal_name, status ON dealers FOR EACH ROW
  WHEN (OLD.legal_name IS DISTINCT FROM NEW.legal_name OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION tulpar_dealer_pages_changed();
--> statement-breakpoint
-- An inspection report added, changed, moved to another car or deleted: the page of each car it was or is on.
CREATE OR REPLACE FUNCTION tulpar_report_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.listing_id IS NOT NULL THEN
    PERFORM pg_notify('tulpar_pages', 'v:' || OLD.listing_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.listing_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.listing_id IS DISTINCT FROM OLD.listing_id) THEN
    PERFORM pg_notify('tulpar_pages', 'v:' || NEW.listing_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspection_reports_car_pages_changed AFTER INSERT OR UPDATE OR DELETE ON inspection_reports
  FOR EACH ROW EXECUTE FUNCTION tulpar_report_pages_changed();
--> statement-breakpoint
-- A listing's VIN changed or the listing deleted: the other public listings of its old and new VIN count it (or no
-- longer do) in their "seen before" line. A new listing is published after them, so it never counts on their pages.
CREATE OR REPLACE FUNCTION tulpar_vin_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vins text[] := CASE WHEN TG_OP = 'DELETE' THEN ARRAY[OLD.vin] ELSE ARRAY[OLD.vin, NEW.vin] END;
BEGIN
  PERFORM tulpar_cars_pages_changed(ARRAY(
    SELECT id FROM listings WHERE vin = ANY(vins) AND id <> OLD.id AND status IN ('published', 'sold')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_vin_pages_changed AFTER UPDATE OF vin ON listings FOR EACH ROW
  WHEN (OLD.vin IS DISTINCT FROM NEW.vin)
  EXECUTE FUNCTION tulpar_vin_pages_changed();
--> statement-breakpoint
CREATE TRIGGER listings_vin_pages_deleted AFTER DELETE ON listings FOR EACH ROW
  WHEN (OLD.vin IS NOT NULL)
  EXECUTE FUNCTION tulpar_vin_pages_changed();
