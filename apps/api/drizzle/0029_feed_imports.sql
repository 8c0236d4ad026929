CREATE TABLE "feed_import_rows" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"row" integer,
	"line" integer,
	"external_id" text,
	"outcome" text NOT NULL,
	"listing_id" bigint,
	"problems" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"car" jsonb,
	"car_hash" text,
	CONSTRAINT "feed_import_rows_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "feed_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"format" text,
	"encoding" text,
	"bytes" integer DEFAULT 0 NOT NULL,
	"missing_cars" text NOT NULL,
	"status" text NOT NULL,
	"refusal" jsonb,
	"counts" jsonb NOT NULL,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" text
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "feed_hash" text;--> statement-breakpoint
ALTER TABLE "feed_import_rows" ADD CONSTRAINT "feed_import_rows_import_id_feed_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."feed_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_applied_by_user_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_imports_dealer_idx" ON "feed_imports" USING btree ("dealer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feed_imports_created_idx" ON "feed_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_dealer_external_idx" ON "listings" USING btree ("dealer_id","external_id") WHERE external_id is not null;