-- A dealer's showroom may be given without coordinates (issue 38: the owner edits showrooms, coordinates optional);
-- its map links then search the address. Dropping NOT NULL only widens what the columns take (decision 031): the
-- previous release writes both as before, and only this release writes nulls.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
ALTER TABLE "dealer_showrooms" ALTER COLUMN "lat" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_showrooms" ALTER COLUMN "lng" DROP NOT NULL;
