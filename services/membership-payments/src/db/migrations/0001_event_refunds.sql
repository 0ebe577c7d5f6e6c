ALTER TABLE "transactions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "booking_id" integer;