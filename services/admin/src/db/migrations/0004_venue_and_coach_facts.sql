CREATE TABLE "coach_facts" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_facts" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"admin_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "coach_facts_user_idx" ON "coach_facts" USING btree ("user_id") WHERE not "coach_facts"."deleted";--> statement-breakpoint
CREATE INDEX "venue_facts_admins_idx" ON "venue_facts" USING gin ("admin_user_ids");