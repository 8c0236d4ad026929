CREATE TYPE "public"."deal_rating" AS ENUM('great', 'good', 'fair', 'high');--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "estimate_kzt" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "estimate_low_kzt" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "estimate_high_kzt" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "estimate_comparables" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "deal_rating" "deal_rating";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "estimated_at" timestamp with time zone;