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
ALTER TABLE "score_cards" ADD CONSTRAINT "score_cards_event_id_event_scorings_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_scorings"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_cards" ADD CONSTRAINT "score_cards_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "score_cards_event_user_key" ON "score_cards" USING btree ("event_id","user_id");