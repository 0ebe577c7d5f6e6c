CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_users" (
	"id" integer PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"role" text NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	"membership_type" text,
	"membership_status" text,
	"membership_ends_at" timestamp with time zone,
	"user_version" integer NOT NULL,
	"membership_version" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || username)) STORED
);
--> statement-breakpoint
CREATE INDEX "audit_entries_target_idx" ON "audit_entries" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_created_idx" ON "audit_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "directory_users_created_idx" ON "directory_users" USING btree ("created_at","id") WHERE not "directory_users"."deleted";--> statement-breakpoint
CREATE INDEX "directory_users_email_idx" ON "directory_users" USING btree ("email","id") WHERE not "directory_users"."deleted";--> statement-breakpoint
CREATE INDEX "directory_users_role_idx" ON "directory_users" USING btree ("role","id") WHERE not "directory_users"."deleted";--> statement-breakpoint
CREATE INDEX "directory_users_search_trgm_idx" ON "directory_users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE not "directory_users"."deleted";