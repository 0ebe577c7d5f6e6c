-- Search forgives case, accents and small typos: trigram indexes over unaccented text. unaccent()
-- is only STABLE (its dictionary could change), so a generated column needs an IMMUTABLE wrapper
-- naming its dictionary explicitly.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "coach_venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"first_name" text,
	"last_name" text,
	"email" text,
	"profile_image_url" text,
	"bio" text,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"years_experience" integer,
	"hourly_rate" integer,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_available_for_booking" boolean DEFAULT true NOT NULL,
	"availability_schedule" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaches_years_check" CHECK ("coaches"."years_experience" between 0 and 50),
	CONSTRAINT "coaches_rate_check" CHECK ("coaches"."hourly_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profile_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"message" text,
	"verification_documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_claims_entity_type_check" CHECK ("profile_claims"."entity_type" in ('coach', 'venue')),
	CONSTRAINT "profile_claims_status_check" CHECK ("profile_claims"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "venue_admins" (
	"venue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_admins_venue_id_user_id_pk" PRIMARY KEY("venue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "venue_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"storage_key" text,
	"thumbnail_url" text,
	"thumbnail_key" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_media_kind_check" CHECK ("venue_media"."kind" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"suburb" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text DEFAULT 'Australia' NOT NULL,
	"region" text,
	"phone" text,
	"email" text,
	"website_url" text,
	"description" text,
	"venue_type" text[] DEFAULT '{golf_course}'::text[] NOT NULL,
	"course_type" text,
	"social_golf_days" text[] DEFAULT '{}'::text[] NOT NULL,
	"dress_code" text,
	"social_clubs_allowed" boolean,
	"linksmate_comp_play_allowed" boolean,
	"rounds_offered" text,
	"course_full_length" integer,
	"course_half_length" integer,
	"course_length_metres" integer,
	"difficulty_men" text,
	"difficulty_women" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"carts_available" boolean,
	"course_amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"club_amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"proshop_contact_names" text,
	"proshop_phone_number" text,
	"proshop_email" text,
	"head_golf_professional_name" text,
	"head_golf_professional_email" text,
	"head_golf_professional_phone" text,
	"teaching_golf_professional_name" text,
	"teaching_golf_professional_email" text,
	"teaching_golf_professional_phone" text,
	"commercials" text,
	"blockers" text,
	"notes" text,
	"business_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"review_status" text DEFAULT 'approved' NOT NULL,
	"submitted_by_user_id" integer,
	"lat" double precision,
	"lng" double precision,
	"featured_image_url" text,
	"featured_image_key" text,
	"virtual_tour_url" text,
	"accessibility_features" text,
	"awards_recognition" text,
	"environmental_initiatives" text,
	"facebook_url" text,
	"instagram_url" text,
	"twitter_url" text,
	"youtube_url" text,
	"search_text" text GENERATED ALWAYS AS (lower(immutable_unaccent(coalesce(name, '') || ' ' || coalesce(suburb, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')))) STORED,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_review_status_check" CHECK ("venues"."review_status" in ('approved', 'pending', 'rejected')),
	CONSTRAINT "venues_lat_check" CHECK ("venues"."lat" between -90 and 90),
	CONSTRAINT "venues_lng_check" CHECK ("venues"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "coach_venues" ADD CONSTRAINT "coach_venues_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_venues" ADD CONSTRAINT "coach_venues_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_admins" ADD CONSTRAINT "venue_admins_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_media" ADD CONSTRAINT "venue_media_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_venues_pair_key" ON "coach_venues" USING btree ("coach_id","venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_venues_one_primary_key" ON "coach_venues" USING btree ("coach_id") WHERE "coach_venues"."is_primary";--> statement-breakpoint
CREATE INDEX "coach_venues_venue_idx" ON "coach_venues" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaches_user_key" ON "coaches" USING btree ("user_id") WHERE "coaches"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "coaches_list_idx" ON "coaches" USING btree ("is_verified","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_claims_one_pending_key" ON "profile_claims" USING btree ("entity_type","entity_id") WHERE "profile_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "profile_claims_status_idx" ON "profile_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "venue_admins_user_idx" ON "venue_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "venue_media_venue_idx" ON "venue_media" USING btree ("venue_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_slug_key" ON "venues" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "venues_listed_search_trgm_idx" ON "venues" USING gin ("search_text" gin_trgm_ops) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_name_idx" ON "venues" USING btree ("name","id") WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_state_idx" ON "venues" USING btree ("state","name","id") WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_types_idx" ON "venues" USING gin ("venue_type") WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_course_amenities_idx" ON "venues" USING gin ("course_amenities") WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_listed_club_amenities_idx" ON "venues" USING gin ("club_amenities") WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "venues_review_idx" ON "venues" USING btree ("review_status","created_at");