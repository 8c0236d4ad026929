-- A dealer's logo (issue 38, item 1): the photo key of a small square the owner uploads, null until then. A nullable
-- column only (decision 031).
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "logo_key" text;
