ALTER TABLE "profile_claims" DROP COLUMN "first_name";--> statement-breakpoint
ALTER TABLE "profile_claims" DROP COLUMN "last_name";