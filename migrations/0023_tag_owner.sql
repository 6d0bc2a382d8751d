ALTER TABLE "extras_tag" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "extras_tag" ADD CONSTRAINT "extras_tag_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extras_tag_owner_id_idx" ON "extras_tag" USING btree ("owner_id");