-- The fresh-listings run (decision 032) marks up to 5,000 listings an hour as asked "still for sale?"
-- (confirm_asked_at), which no page shows: until now each such row named its car and its scopes ('l:...'), so the
-- hourly run purged every list of all cars, of the cars' brands, models and cities, and every similar-cars answer of
-- those models, all at once (issue 39: the hour measured a minute after it kept 64% of the similar answers, 97%
-- otherwise, and PostgreSQL took three times the CPU a request). A change of confirm_asked_at alone now notifies
-- nothing, as a view count's does. Expand only (decision 031): the trigger is made again with one more column left
-- out of its comparison; its function is unchanged.
DROP TRIGGER IF EXISTS listings_page_changed ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_page_changed AFTER UPDATE ON listings FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{views_count,phone_reveals_count,updated_at,estimated_at,confirm_asked_at}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{views_count,phone_reveals_count,updated_at,estimated_at,confirm_asked_at}'::text[]))
  EXECUTE FUNCTION tulpar_listing_page_changed();
