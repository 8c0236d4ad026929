CREATE TABLE "valuation_pending" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"estimate_kzt" bigint,
	"estimate_low_kzt" bigint,
	"estimate_high_kzt" bigint,
	"estimate_comparables" integer NOT NULL,
	"deal_rating" text,
	"price_kzt" bigint NOT NULL,
	"year" integer NOT NULL,
	"mileage_km" integer NOT NULL,
	"model_id" integer NOT NULL,
	"steering" text NOT NULL,
	"is_customs_cleared" boolean NOT NULL,
	"is_damaged" boolean NOT NULL,
	"estimated_at" timestamp with time zone
);
