CREATE TABLE "netbox_branching_branch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" varchar(50) DEFAULT 'new' NOT NULL,
	"owner_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"schema_id" varchar(8),
	"last_sync" timestamp with time zone,
	"merged_time" timestamp with time zone,
	"merged_by_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"snapshot" varchar(10000),
	"job" varchar(36),
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "netbox_branching_branch_name_uniq" UNIQUE("name"),
	CONSTRAINT "netbox_branching_branch_schema_id_uniq" UNIQUE("schema_id")
);
--> statement-breakpoint
CREATE TABLE "netbox_branching_branchevent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"branch_id" bigint NOT NULL,
	"user_id" bigint,
	"type" varchar(50) NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "netbox_branching_changediff" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"branch_id" bigint NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"object_repr" varchar(200) DEFAULT '' NOT NULL,
	"action" varchar(50) NOT NULL,
	"conflicts" text[] DEFAULT '{}' NOT NULL,
	"original_data" jsonb,
	"modified_data" jsonb,
	"current_data" jsonb,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"premerge_data" jsonb,
	"merged_data" jsonb,
	CONSTRAINT "netbox_branching_changediff_branch_object_type_object_id_uniq" UNIQUE("branch_id","object_type","object_id")
);
--> statement-breakpoint
ALTER TABLE "core_objectchange" ADD COLUMN "source_branch" bigint;--> statement-breakpoint
ALTER TABLE "netbox_branching_branch" ADD CONSTRAINT "netbox_branching_branch_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_branching_branch" ADD CONSTRAINT "netbox_branching_branch_merged_by_id_users_user_id_fk" FOREIGN KEY ("merged_by_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_branching_branchevent" ADD CONSTRAINT "netbox_branching_branchevent_branch_id_netbox_branching_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."netbox_branching_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_branching_branchevent" ADD CONSTRAINT "netbox_branching_branchevent_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_branching_changediff" ADD CONSTRAINT "netbox_branching_changediff_branch_id_netbox_branching_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."netbox_branching_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "netbox_branching_branch_owner_id_idx" ON "netbox_branching_branch" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "netbox_branching_branch_merged_by_id_idx" ON "netbox_branching_branch" USING btree ("merged_by_id");--> statement-breakpoint
CREATE INDEX "netbox_branching_branch_name_natural_idx" ON "netbox_branching_branch" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "netbox_branching_branchevent_branch_id_idx" ON "netbox_branching_branchevent" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "netbox_branching_branchevent_user_id_idx" ON "netbox_branching_branchevent" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "netbox_branching_branchevent_time_order_idx" ON "netbox_branching_branchevent" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "netbox_branching_changediff_branch_id_idx" ON "netbox_branching_changediff" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "netbox_branching_changediff_object_type_object_id_idx" ON "netbox_branching_changediff" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "core_objectchange_txid_idx" ON "core_objectchange" USING btree ("txid");