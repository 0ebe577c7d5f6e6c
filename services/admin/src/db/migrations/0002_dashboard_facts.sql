CREATE TABLE "booking_facts" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_facts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"status" text,
	"start_time" timestamp with time zone,
	"venue_id" integer,
	"coach_profile_id" integer,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_entries" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_facts_created_idx" ON "booking_facts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_facts_start_idx" ON "event_facts" USING btree ("start_time") WHERE not "event_facts"."deleted";--> statement-breakpoint
CREATE INDEX "revenue_entries_occurred_idx" ON "revenue_entries" USING btree ("occurred_at");