-- Feeds made before nonces cannot be shown again: they are dropped and made anew on request.
DELETE FROM "calendar_feeds";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "nonce" text NOT NULL;