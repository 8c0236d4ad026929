ALTER TABLE "vehicle_reports" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "vehicle_reports" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_reports_share_token_idx" ON "vehicle_reports" USING btree ("share_token") WHERE share_token is not null;