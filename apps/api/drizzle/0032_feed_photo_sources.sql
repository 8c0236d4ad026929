-- Which photo of a feed car came from which URL (issue 38, docs/feeds.md), so an unchanged URL is not fetched again. A
-- new table only (decision 031).
CREATE TABLE "feed_photo_sources" (
	"photo_id" bigint PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_photo_sources" ADD CONSTRAINT "feed_photo_sources_photo_id_listing_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."listing_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_photo_sources" ADD CONSTRAINT "feed_photo_sources_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_photo_sources_listing_url_idx" ON "feed_photo_sources" USING btree ("listing_id","url");