-- Matches move to one row per listing matching (0018, decision 016); what was already alerted becomes each search's
-- alerted_through time.
INSERT INTO "listing_search_matches" ("listing_id", "matched_at", "search_ids")
  SELECT "listing_id", min("matched_at"), array_agg("saved_search_id" ORDER BY "saved_search_id")
  FROM "saved_search_matches" GROUP BY "listing_id";--> statement-breakpoint
UPDATE "saved_searches" s SET "alerted_through" = coalesce(
  (SELECT max(m."matched_at") FROM "saved_search_matches" m WHERE m."saved_search_id" = s."id" AND m."alerted_at" IS NOT NULL),
  s."created_at");--> statement-breakpoint
DROP TABLE "saved_search_matches" CASCADE;
