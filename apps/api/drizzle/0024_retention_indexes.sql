CREATE INDEX "session_expires_at_idx" ON "session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verification_expires_at_idx" ON "verification" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "listing_views_day_idx" ON "listing_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "listing_search_matches_matched_at_idx" ON "listing_search_matches" USING btree ("matched_at");