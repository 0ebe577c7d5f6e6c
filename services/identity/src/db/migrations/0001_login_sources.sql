CREATE TABLE "known_login_sources" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_login_sources_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_failures_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_login_sources" ADD CONSTRAINT "known_login_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_login_sources_seen_idx" ON "known_login_sources" USING btree ("last_seen_at");