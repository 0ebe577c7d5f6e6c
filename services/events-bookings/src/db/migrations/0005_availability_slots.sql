CREATE TABLE "availability_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"slot_type" text DEFAULT 'individual' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes_for_admin" text,
	"created_by_user_id" integer NOT NULL,
	"coach_profile_id" integer,
	"venue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_capacity_positive" CHECK ("availability_slots"."capacity" >= 1),
	CONSTRAINT "availability_slots_booked_within_capacity" CHECK ("availability_slots"."booked_count" between 0 and "availability_slots"."capacity"),
	CONSTRAINT "availability_slots_price_not_negative" CHECK ("availability_slots"."price" >= 0),
	CONSTRAINT "availability_slots_currency_aud" CHECK ("availability_slots"."currency" = 'AUD'),
	CONSTRAINT "availability_slots_end_after_start" CHECK ("availability_slots"."end_time" is null or "availability_slots"."end_time" > "availability_slots"."start_time"),
	CONSTRAINT "availability_slots_type" CHECK ("availability_slots"."slot_type" in ('individual', 'group', 'event')),
	CONSTRAINT "availability_slots_status" CHECK ("availability_slots"."status" in ('active', 'pending', 'booked', 'canceled'))
);
--> statement-breakpoint
CREATE INDEX "availability_slots_start_idx" ON "availability_slots" USING btree ("start_time","id");--> statement-breakpoint
CREATE INDEX "availability_slots_status_start_idx" ON "availability_slots" USING btree ("status","start_time");