CREATE TABLE "booking_reminders" (
	"booking_id" integer NOT NULL,
	"reminder" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_reminder_starts_at_pk" PRIMARY KEY("booking_id","reminder","starts_at")
);
--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;