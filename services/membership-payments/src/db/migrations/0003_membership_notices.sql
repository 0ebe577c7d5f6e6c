CREATE TABLE "membership_notices" (
	"user_id" integer NOT NULL,
	"change" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_notices_user_id_change_due_at_pk" PRIMARY KEY("user_id","change","due_at")
);
