CREATE TABLE "listing_counts" (
	"newness" text NOT NULL,
	"city_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_counts_newness_city_id_brand_id_model_id_pk" PRIMARY KEY("newness","city_id","brand_id","model_id"),
	CONSTRAINT "listing_counts_newness" CHECK (newness in ('all', 'new', 'used'))
);
--> statement-breakpoint
DROP INDEX "listings_pub_brand_model_idx";--> statement-breakpoint
DROP INDEX "listings_pub_newest_idx";--> statement-breakpoint
DROP INDEX "listings_pub_price_idx";--> statement-breakpoint
DROP INDEX "listings_pub_year_idx";--> statement-breakpoint
DROP INDEX "listings_pub_mileage_idx";--> statement-breakpoint
DROP INDEX "listings_pub_city_newest_idx";--> statement-breakpoint
DROP INDEX "listings_pub_tulpar_idx";--> statement-breakpoint
DROP INDEX "listings_pub_hot_idx";--> statement-breakpoint
CREATE INDEX "listings_pub_model_newest_idx" ON "listings" USING btree ("brand_id","model_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"city_id","year","price_kzt","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_brand_newest_idx" ON "listings" USING btree ("brand_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"model_id","city_id","year","price_kzt","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_brand_price_idx" ON "listings" USING btree ("brand_id","price_kzt","id","model_id","city_id","year","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_brand_year_idx" ON "listings" USING btree ("brand_id","year" DESC NULLS LAST,"id" DESC NULLS LAST,"model_id","city_id","price_kzt","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_brand_mileage_idx" ON "listings" USING btree ("brand_id","mileage_km","id","model_id","city_id","year","price_kzt","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_new_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and is_new;--> statement-breakpoint
CREATE INDEX "listings_pub_imported_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and (steering = 'right' or not is_customs_cleared);--> statement-breakpoint
CREATE INDEX "listings_pub_alt_fuel_idx" ON "listings" USING btree ("engine_type","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and engine_type <> 'petrol' and engine_type <> 'diesel';--> statement-breakpoint
CREATE INDEX "listings_pub_newest_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"brand_id","model_id","city_id","year","price_kzt","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_price_idx" ON "listings" USING btree ("price_kzt","id","brand_id","model_id","city_id","year","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_year_idx" ON "listings" USING btree ("year" DESC NULLS LAST,"id" DESC NULLS LAST,"brand_id","model_id","city_id","price_kzt","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_mileage_idx" ON "listings" USING btree ("mileage_km","id","brand_id","model_id","city_id","year","price_kzt","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_city_newest_idx" ON "listings" USING btree ("city_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"brand_id","model_id","year","price_kzt","mileage_km","is_new","drive","body_type","transmission","engine_type","steering","is_customs_cleared","is_tulpar","has_warranty","is_credit_available","is_hot","deal_rating") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "listings_pub_tulpar_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and is_tulpar;--> statement-breakpoint
CREATE INDEX "listings_pub_hot_idx" ON "listings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and (is_hot or deal_rating = 'great');