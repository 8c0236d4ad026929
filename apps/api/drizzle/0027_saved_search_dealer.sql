-- A saved search keeps the catalogue's dealer filter (issue 38): without it a search saved from a dealer's cars
-- matched every dealer's. Expand only (decision 031): a nullable column; null = any seller, as before.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "dealer_id" integer;
