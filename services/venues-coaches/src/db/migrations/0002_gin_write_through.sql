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
CREATE INDEX "venues_listed_club_amenities_idx" ON "venues" USING gin ("club_amenities") WITH (fastupdate=false) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
-- pg_trgm declares its similarity functions as cheap as an integer comparison (cost 1), while one
-- word_similarity of a venue's text costs about as much as reading a page. So at a few thousand
-- venues the planner preferred to compute it for every venue (35 ms) over the trigram index
-- (2 ms). Their true cost is said here where this database may say it; where the extension's
-- functions belong to another role, the search works the same, with the planner's default guess.
DO $$
BEGIN
  ALTER FUNCTION word_similarity(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm functions are owned by another role: their planner costs stay as installed';
END $$;
