CREATE TABLE "link_mail_requests" (
	"address_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "link_mail_requests_address_hash_purpose_pk" PRIMARY KEY("address_hash","purpose")
);
--> statement-breakpoint
CREATE INDEX "link_mail_requests_requested_idx" ON "link_mail_requests" USING btree ("requested_at");