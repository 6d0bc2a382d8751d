CREATE TABLE "extras_tableconfig" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"table" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"weight" integer DEFAULT 1000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"shared" boolean DEFAULT true NOT NULL,
	"columns" text[] DEFAULT '{}' NOT NULL,
	"ordering" text[] DEFAULT '{}',
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "netbox_branching_changediff" ALTER COLUMN "conflicts" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "extras_tableconfig" ADD CONSTRAINT "extras_tableconfig_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extras_tableconfig_user_id_idx" ON "extras_tableconfig" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extras_tableconfig_name_natural_idx" ON "extras_tableconfig" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_tableconfig_weight_order_idx" ON "extras_tableconfig" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "extras_tableconfig_default_order_idx" ON "extras_tableconfig" USING btree ("weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "netbox_branching_changediff_last_updated_order_idx" ON "netbox_branching_changediff" USING btree ("last_updated","id");--> statement-breakpoint
ALTER TABLE "core_job" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "netbox_branching_branchevent" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "netbox_branching_branchevent" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "netbox_branching_changediff" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "netbox_branching_changediff" ADD COLUMN "summary" varchar(400) DEFAULT '' NOT NULL;