CREATE TABLE "course_tees" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"par" integer NOT NULL,
	"course_rating" numeric(4, 1) NOT NULL,
	"slope_rating" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "course_tees_gender_check" CHECK ("course_tees"."gender" in ('men', 'women')),
	CONSTRAINT "course_tees_slope_check" CHECK ("course_tees"."slope_rating" between 55 and 155)
);
--> statement-breakpoint
CREATE TABLE "tee_holes" (
	"tee_id" integer NOT NULL,
	"number" integer NOT NULL,
	"par" integer NOT NULL,
	"stroke_index" integer NOT NULL,
	CONSTRAINT "tee_holes_tee_id_number_pk" PRIMARY KEY("tee_id","number"),
	CONSTRAINT "tee_holes_number_check" CHECK ("tee_holes"."number" between 1 and 18),
	CONSTRAINT "tee_holes_par_check" CHECK ("tee_holes"."par" between 3 and 6),
	CONSTRAINT "tee_holes_stroke_index_check" CHECK ("tee_holes"."stroke_index" between 1 and 18)
);
--> statement-breakpoint
CREATE TABLE "venue_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"holes" integer NOT NULL,
	"typical_values" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_courses_holes_check" CHECK ("venue_courses"."holes" in (9, 18))
);
--> statement-breakpoint
ALTER TABLE "course_tees" ADD CONSTRAINT "course_tees_course_id_venue_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."venue_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tee_holes" ADD CONSTRAINT "tee_holes_tee_id_course_tees_id_fk" FOREIGN KEY ("tee_id") REFERENCES "public"."course_tees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_courses" ADD CONSTRAINT "venue_courses_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tees_course_idx" ON "course_tees" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_courses_name_key" ON "venue_courses" USING btree ("venue_id",lower("name"));