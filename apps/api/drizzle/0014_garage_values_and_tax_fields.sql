CREATE TABLE "garage_values" (
	"garage_item_id" bigint NOT NULL,
	"day" date NOT NULL,
	"estimate_kzt" bigint,
	"low_kzt" bigint,
	"high_kzt" bigint,
	"comparables" integer NOT NULL,
	"mileage_km" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_values_garage_item_id_day_pk" PRIMARY KEY("garage_item_id","day")
);
--> statement-breakpoint
-- No code wrote garage cars before this migration; a hand-made row without year or mileage cannot be valued.
DELETE FROM "garage_items" WHERE "year" IS NULL OR "mileage_km" IS NULL;--> statement-breakpoint
ALTER TABLE "garage_items" ALTER COLUMN "year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_items" ALTER COLUMN "mileage_km" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_items" ADD COLUMN "steering" "steering";--> statement-breakpoint
ALTER TABLE "garage_items" ADD COLUMN "is_customs_cleared" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_items" ADD COLUMN "engine_type" text;--> statement-breakpoint
ALTER TABLE "garage_items" ADD COLUMN "engine_volume_cc" integer;--> statement-breakpoint
ALTER TABLE "garage_values" ADD CONSTRAINT "garage_values_garage_item_id_garage_items_id_fk" FOREIGN KEY ("garage_item_id") REFERENCES "public"."garage_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_items" ADD CONSTRAINT "garage_items_engine_type_engine_types_code_fk" FOREIGN KEY ("engine_type") REFERENCES "public"."engine_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_items_listing_idx" ON "garage_items" USING btree ("listing_id") WHERE listing_id is not null;