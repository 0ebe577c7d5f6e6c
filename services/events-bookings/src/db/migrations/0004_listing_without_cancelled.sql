DROP INDEX "events_listing_idx";--> statement-breakpoint
DROP INDEX "events_type_listing_idx";--> statement-breakpoint
CREATE INDEX "events_listing_idx" ON "events" USING btree ("start_time","id") WHERE "events"."deleted_at" is null and "events"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "events_type_listing_idx" ON "events" USING btree ("event_type","start_time","id") WHERE "events"."deleted_at" is null and "events"."status" <> 'cancelled';