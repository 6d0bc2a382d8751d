CREATE TABLE "extras_webhookdelivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" varchar(36) NOT NULL,
	"webhook_id" bigint,
	"event_rule_id" bigint,
	"object_type" varchar(100),
	"object_id" bigint,
	"event" varchar(50) NOT NULL,
	"change_id" bigint,
	"request_id" varchar(36) DEFAULT '' NOT NULL,
	"branch_id" bigint,
	"kind" varchar(50) DEFAULT 'event' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" varchar(50) NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"status_code" integer,
	"error" text DEFAULT '' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"payload" text
);
--> statement-breakpoint
ALTER TABLE "extras_eventrule" ADD COLUMN "fire_in_branches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "extras_webhookdelivery" ADD CONSTRAINT "extras_webhookdelivery_webhook_id_extras_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."extras_webhook"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_webhookdelivery" ADD CONSTRAINT "extras_webhookdelivery_event_rule_id_extras_eventrule_id_fk" FOREIGN KEY ("event_rule_id") REFERENCES "public"."extras_eventrule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_webhookdelivery" ADD CONSTRAINT "extras_webhookdelivery_branch_id_netbox_branching_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."netbox_branching_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_delivery_id_idx" ON "extras_webhookdelivery" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_webhook_id_idx" ON "extras_webhookdelivery" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_event_rule_id_idx" ON "extras_webhookdelivery" USING btree ("event_rule_id");--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_object_type_object_id_idx" ON "extras_webhookdelivery" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_change_id_idx" ON "extras_webhookdelivery" USING btree ("change_id");--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_branch_id_idx" ON "extras_webhookdelivery" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "extras_webhookdelivery_time_order_idx" ON "extras_webhookdelivery" USING btree ("time","id");