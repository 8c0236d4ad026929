ALTER TABLE "listings" DROP CONSTRAINT "listings_complete_unless_draft";--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_complete_unless_draft" CHECK (status in ('draft', 'archived') or (brand_id is not null and model_id is not null and year is not null
        and body_type is not null and steering is not null and engine_type is not null
        and transmission is not null and drive is not null and colour is not null and mileage is not null
        and mileage_km is not null and price_kzt is not null and contact_phone is not null and city_id is not null));