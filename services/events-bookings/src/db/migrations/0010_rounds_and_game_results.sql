CREATE TABLE "event_scorings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"tees" jsonb NOT NULL,
	"opened_by_user_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_by_user_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handicaps" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"handicap_index" double precision,
	"low_index" double precision,
	"cap" text,
	"rounds_counted" integer DEFAULT 0 NOT NULL,
	"holes_counted" integer DEFAULT 0 NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_partners" (
	"round_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "round_partners_round_id_user_id_pk" PRIMARY KEY("round_id","user_id"),
	CONSTRAINT "round_partners_decision" CHECK ("round_partners"."decision" in ('pending', 'confirmed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"recorded_by_user_id" integer NOT NULL,
	"origin_round_id" integer,
	"venue_id" integer NOT NULL,
	"venue_name" text NOT NULL,
	"course_id" integer NOT NULL,
	"course_name" text NOT NULL,
	"tee_id" integer NOT NULL,
	"tee_name" text NOT NULL,
	"tee_gender" text NOT NULL,
	"course_rating" double precision NOT NULL,
	"slope_rating" integer NOT NULL,
	"tee_holes" jsonb NOT NULL,
	"played_on" date NOT NULL,
	"holes_played" text NOT NULL,
	"strokes" integer[],
	"total" integer,
	"pcc" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"attested" boolean DEFAULT false NOT NULL,
	"adjusted_gross_score" integer,
	"differential" double precision,
	"index_in_effect" double precision,
	"used_in_index" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_status" CHECK ("rounds"."status" in ('counting', 'awaiting_confirmation', 'to_confirm', 'rejected')),
	CONSTRAINT "rounds_holes_played" CHECK ("rounds"."holes_played" in ('all', 'front', 'back')),
	CONSTRAINT "rounds_pcc" CHECK ("rounds"."pcc" between -1 and 3),
	CONSTRAINT "rounds_one_entry" CHECK ("rounds"."strokes" is null or "rounds"."total" is null)
);
--> statement-breakpoint
CREATE TABLE "score_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tee" text NOT NULL,
	"strokes" jsonb NOT NULL,
	"handicap_index" double precision,
	"index_source" text,
	"playing_handicap" integer NOT NULL,
	"entered_by_user_id" integer NOT NULL,
	"round_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_scorings" ADD CONSTRAINT "event_scorings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_partners" ADD CONSTRAINT "round_partners_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_origin_round_id_rounds_id_fk" FOREIGN KEY ("origin_round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cards" ADD CONSTRAINT "score_cards_event_id_event_scorings_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_scorings"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cards" ADD CONSTRAINT "score_cards_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rounds_user_played_idx" ON "rounds" USING btree ("user_id","played_on","id");--> statement-breakpoint
CREATE INDEX "rounds_user_status_idx" ON "rounds" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "rounds_origin_idx" ON "rounds" USING btree ("origin_round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_cards_event_user_key" ON "score_cards" USING btree ("event_id","user_id");