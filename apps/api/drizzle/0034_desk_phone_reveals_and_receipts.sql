-- The dealer desk (issue 38): number reveals counted per listing and day, and the indexes its reads of leads and
-- receipts go by. Expand only (decision 031): a new table, and an index each on leads and promotions that a busy
-- database builds beforehand with CREATE INDEX CONCURRENTLY IF NOT EXISTS.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
CREATE TABLE "listing_phone_reveals" (
	"listing_id" bigint NOT NULL,
	"day" date NOT NULL,
	"reveals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_phone_reveals_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
ALTER TABLE "listing_phone_reveals" ADD CONSTRAINT "listing_phone_reveals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_listing_idx" ON "leads" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotions_dealer_idx" ON "promotions" USING btree ("dealer_id","paid_at");