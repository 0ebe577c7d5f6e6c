CREATE TABLE "booking_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"ticket_type_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"notes" text,
	"amount_paid" integer,
	"currency" text,
	"payment_intent_id" text,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_seats_positive" CHECK ("bookings"."seats" >= 1)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"venue_id" integer NOT NULL,
	"coach_profile_id" integer,
	"creator_user_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"capacity" integer NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"price_per_participant" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"payment_method" text,
	"payment_instructions" text,
	"min_handicap" double precision,
	"max_handicap" double precision,
	"min_skill_level" text,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" >= 1),
	CONSTRAINT "events_price_not_negative" CHECK ("events"."price_per_participant" >= 0),
	CONSTRAINT "events_never_overbooked" CHECK ("events"."participant_count" between 0 and "events"."capacity")
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"gst_amount" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" text,
	"payment_intent_id" text,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_holds_seats_positive" CHECK ("seat_holds"."seats" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_per_ticket" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_price_not_negative" CHECK ("ticket_types"."price_per_ticket" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"role" text NOT NULL,
	"manual_handicap" double precision,
	"skill_level" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"address" text,
	"city" text,
	"state" text,
	"lat" double precision,
	"lng" double precision,
	"listed" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"hold_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_items_booking_idx" ON "booking_items" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_event_user_key" ON "bookings" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_intent_key" ON "bookings" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","booked_at");--> statement-breakpoint
CREATE INDEX "bookings_event_status_idx" ON "bookings" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "events_listing_idx" ON "events" USING btree ("start_time","id") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_type_listing_idx" ON "events" USING btree ("event_type","start_time","id") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_venue_idx" ON "events" USING btree ("venue_id","start_time") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_coach_idx" ON "events" USING btree ("coach_profile_id","start_time") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_creator_idx" ON "events" USING btree ("creator_user_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_holds_payment_intent_key" ON "seat_holds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "seat_holds_active_idx" ON "seat_holds" USING btree ("event_id","expires_at") WHERE "seat_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "seat_holds_user_idx" ON "seat_holds" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "ticket_types_event_idx" ON "ticket_types" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_active_key" ON "waitlist_entries" USING btree ("event_id","user_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_queue_idx" ON "waitlist_entries" USING btree ("event_id","created_at","id") WHERE "waitlist_entries"."status" = 'waiting';