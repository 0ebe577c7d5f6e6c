-- The directory's GIN indexes write each insert through instead of keeping a pending list: after a
-- bulk load the planner priced the pending list so high that it scanned every venue instead of
-- using the trigram index (until a vacuum). Venues are written rarely; reads must stay fast.
DROP INDEX "venues_listed_search_trgm_idx";--> statement-breakpoint
DROP INDEX "venues_listed_types_idx";--> statement-breakpoint
DROP INDEX "venues_listed_course_amenities_idx";--> statement-breakpoint
DROP INDEX "venues_listed_club_amenities_idx";--> statement-breakpoint
CREATE INDEX "venues_listed_search_trgm_idx" ON "venues" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_types_idx" ON "venues" USING gin ("venue_type") WITH (fastupdate=false) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_course_amenities_idx" ON "venues" USING gin ("course_amenities") WITH (fastupdate=false) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_club_amenities_idx" ON "venues" USING gin ("club_amenities") WITH (fastupdate=false) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';