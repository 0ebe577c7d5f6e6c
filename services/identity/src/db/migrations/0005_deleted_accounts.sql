CREATE TABLE "deleted_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_version" integer NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
