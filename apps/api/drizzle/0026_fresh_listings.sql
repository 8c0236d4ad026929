-- Fresh listings (decision 032). Expand only (decision 031): a new status value nothing in this file uses (a value
-- added in a transaction cannot be used before it commits), nullable columns, and partial indexes on listings that
-- a busy database builds beforehand with CREATE INDEX CONCURRENTLY IF NOT EXISTS.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TYPE "public"."listing_status" ADD VALUE IF NOT EXISTS 'paused';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN IF NOT EXISTS "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN IF NOT EXISTS "confirm_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN IF NOT EXISTS "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN IF NOT EXISTS "pause_reason" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_fresh_due_idx" ON "listings" USING btree (coalesce("confirmed_at", "published_at"),"id") WHERE status = 'published' and confirm_asked_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_fresh_asked_idx" ON "listings" USING btree ("confirm_asked_at","id") WHERE status = 'published' and confirm_asked_at is not null;
