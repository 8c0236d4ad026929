-- A dealer's feed fetched from a URL on a schedule (issue 38, docs/feeds.md): one row per dealer that set one. A new
-- table only (decision 031): the previous release never reads it.
CREATE TABLE "feed_sources" (
	"dealer_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"missing_cars" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"last_fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feed_sources" ADD CONSTRAINT "feed_sources_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD CONSTRAINT "feed_sources_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;