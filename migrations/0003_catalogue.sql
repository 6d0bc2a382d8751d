CREATE TABLE "core_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100),
	"object_id" bigint,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(50) DEFAULT 'pending' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"scheduled" timestamp with time zone,
	"interval" integer,
	"started" timestamp with time zone,
	"completed" timestamp with time zone,
	"user_id" bigint,
	"data" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"job_id" varchar(36) NOT NULL,
	"queue_name" varchar(100) DEFAULT '' NOT NULL,
	"log_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now(),
	"task" varchar(100) DEFAULT '' NOT NULL,
	"payload" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(100),
	CONSTRAINT "core_job_job_id_uniq" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "extras_eventrule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"name" varchar(150) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"event_types" text[] DEFAULT '{}' NOT NULL,
	"conditions" jsonb,
	"action_type" varchar(50) DEFAULT 'webhook' NOT NULL,
	"action_object_type" varchar(100) NOT NULL,
	"action_object_id" bigint NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_eventrule_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_webhook" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"payload_url" varchar(500) NOT NULL,
	"http_method" varchar(50) DEFAULT 'POST' NOT NULL,
	"http_content_type" varchar(100) DEFAULT 'application/json' NOT NULL,
	"additional_headers" text DEFAULT '' NOT NULL,
	"body_template" text DEFAULT '' NOT NULL,
	"secret" varchar(255) DEFAULT '' NOT NULL,
	"ssl_verification" boolean DEFAULT true NOT NULL,
	"ca_file_path" varchar(4096),
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_webhook_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "core_job" ADD CONSTRAINT "core_job_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "core_job_object_type_object_id_idx" ON "core_job" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "core_job_user_id_idx" ON "core_job" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "core_job_name_natural_idx" ON "core_job" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "core_job_created_order_idx" ON "core_job" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "extras_eventrule_action_object_type_action_object_id_idx" ON "extras_eventrule" USING btree ("action_object_type","action_object_id");--> statement-breakpoint
CREATE INDEX "extras_eventrule_name_natural_idx" ON "extras_eventrule" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_webhook_name_natural_idx" ON "extras_webhook" USING btree (name COLLATE natural_sort,"id");