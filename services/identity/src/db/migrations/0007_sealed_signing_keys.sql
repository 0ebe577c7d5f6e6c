ALTER TABLE "signing_keys" ALTER COLUMN "private_jwk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "sealed_private_key" text;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "signs_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "signing_keys" SET "signs_from" = "created_at";