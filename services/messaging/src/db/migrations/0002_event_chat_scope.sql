CREATE TABLE "coaches" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" integer PRIMARY KEY NOT NULL,
	"admin_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_events" ADD COLUMN "venue_id" integer;--> statement-breakpoint
ALTER TABLE "chat_events" ADD COLUMN "coach_profile_id" integer;--> statement-breakpoint
CREATE INDEX "coaches_user_idx" ON "coaches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "venues_admin_user_ids_idx" ON "venues" USING gin ("admin_user_ids");