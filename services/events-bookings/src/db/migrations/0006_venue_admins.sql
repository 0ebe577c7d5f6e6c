ALTER TABLE "venues" ADD COLUMN "admin_user_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "coaches_user_idx" ON "coaches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "venues_admin_user_ids_idx" ON "venues" USING gin ("admin_user_ids");