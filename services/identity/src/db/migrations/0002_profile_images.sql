CREATE TABLE "profile_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"display_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_images_url_key" ON "profile_images" USING btree ("url");--> statement-breakpoint
CREATE INDEX "profile_images_user_idx" ON "profile_images" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "profile_images_sweep_idx" ON "profile_images" USING btree ("created_at") WHERE "profile_images"."state" <> 'attached' or "profile_images"."user_id" is null;