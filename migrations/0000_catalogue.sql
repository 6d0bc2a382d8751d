CREATE TABLE "core_objectchange" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"user_id" bigint,
	"user_name" varchar(150) DEFAULT '' NOT NULL,
	"request_id" varchar(36) NOT NULL,
	"action" varchar(50) NOT NULL,
	"changed_object_type" varchar(100) NOT NULL,
	"changed_object_id" bigint NOT NULL,
	"related_object_type" varchar(100),
	"related_object_id" bigint,
	"object_repr" varchar(200) DEFAULT '' NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"prechange_data" jsonb,
	"postchange_data" jsonb,
	"txid" bigint
);
--> statement-breakpoint
CREATE TABLE "dcim_location" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"site_id" bigint NOT NULL,
	"parent_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"tenant_id" bigint,
	"facility" varchar(50) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_location_site_parent_name_uniq" UNIQUE("site_id","parent_id","name"),
	CONSTRAINT "dcim_location_site_parent_slug_uniq" UNIQUE("site_id","parent_id","slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_region" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"parent_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_region_parent_name_uniq" UNIQUE("parent_id","name"),
	CONSTRAINT "dcim_region_parent_slug_uniq" UNIQUE("parent_id","slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_site" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"region_id" bigint,
	"group_id" bigint,
	"tenant_id" bigint,
	"facility" varchar(50) DEFAULT '' NOT NULL,
	"time_zone" varchar(63),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"physical_address" varchar(200) DEFAULT '' NOT NULL,
	"shipping_address" varchar(200) DEFAULT '' NOT NULL,
	"latitude" numeric(8, 6),
	"longitude" numeric(9, 6),
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_site_name_uniq" UNIQUE("name"),
	CONSTRAINT "dcim_site_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_sitegroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"parent_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_sitegroup_parent_name_uniq" UNIQUE("parent_id","name"),
	CONSTRAINT "dcim_sitegroup_parent_slug_uniq" UNIQUE("parent_id","slug")
);
--> statement-breakpoint
CREATE TABLE "extras_customfield" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"type" varchar(50) DEFAULT 'text' NOT NULL,
	"related_object_type" varchar(100),
	"name" varchar(50) NOT NULL,
	"label" varchar(50) DEFAULT '' NOT NULL,
	"group_name" varchar(50) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"unique" boolean DEFAULT false NOT NULL,
	"search_weight" integer DEFAULT 1000 NOT NULL,
	"filter_logic" varchar(50) DEFAULT 'loose' NOT NULL,
	"ui_visible" varchar(50) DEFAULT 'always' NOT NULL,
	"ui_editable" varchar(50) DEFAULT 'yes' NOT NULL,
	"is_cloneable" boolean DEFAULT false NOT NULL,
	"default" jsonb,
	"related_object_filter" jsonb,
	"weight" integer DEFAULT 100 NOT NULL,
	"validation_minimum" numeric(20, 4),
	"validation_maximum" numeric(20, 4),
	"validation_regex" varchar(500) DEFAULT '' NOT NULL,
	"choice_set_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_customfield_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_customfieldchoiceset" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"base_choices" varchar(50),
	"extra_choices" jsonb,
	"order_alphabetically" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_customfieldchoiceset_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_tag" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"color" varchar(6) DEFAULT '9e9e9e' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 1000 NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_tag_name_uniq" UNIQUE("name"),
	CONSTRAINT "extras_tag_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "extras_taggeditem" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_taggeditem_object_type_object_id_tag_uniq" UNIQUE("object_type","object_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tenancy_tenant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"group_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "tenancy_tenant_group_name_uniq" UNIQUE("group_id","name"),
	CONSTRAINT "tenancy_tenant_group_slug_uniq" UNIQUE("group_id","slug")
);
--> statement-breakpoint
CREATE TABLE "tenancy_tenantgroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"parent_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "tenancy_tenantgroup_name_uniq" UNIQUE("name"),
	CONSTRAINT "tenancy_tenantgroup_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users_token" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 2 NOT NULL,
	"key" varchar(16),
	"user_id" bigint NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"expires" timestamp with time zone,
	"last_used" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"write_enabled" boolean DEFAULT true NOT NULL,
	"pepper_id" integer,
	"allowed_ips" "cidr"[] DEFAULT '{}' NOT NULL,
	"plaintext" varchar(40),
	"hmac_digest" varchar(64),
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "users_token_key_uniq" UNIQUE("key"),
	CONSTRAINT "users_token_plaintext_uniq" UNIQUE("plaintext")
);
--> statement-breakpoint
CREATE TABLE "users_user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(150) NOT NULL,
	"password" varchar(255) NOT NULL,
	"first_name" varchar(150) DEFAULT '' NOT NULL,
	"last_name" varchar(150) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"date_joined" timestamp with time zone,
	"last_login" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "users_user_username_uniq" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "core_objectchange" ADD CONSTRAINT "core_objectchange_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_parent_id_dcim_location_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_region" ADD CONSTRAINT "dcim_region_parent_id_dcim_region_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_region_id_dcim_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."dcim_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_group_id_dcim_sitegroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dcim_sitegroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_sitegroup" ADD CONSTRAINT "dcim_sitegroup_parent_id_dcim_sitegroup_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_sitegroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_customfield" ADD CONSTRAINT "extras_customfield_choice_set_id_extras_customfieldchoiceset_id_fk" FOREIGN KEY ("choice_set_id") REFERENCES "public"."extras_customfieldchoiceset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_taggeditem" ADD CONSTRAINT "extras_taggeditem_tag_id_extras_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."extras_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenant" ADD CONSTRAINT "tenancy_tenant_group_id_tenancy_tenantgroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tenancy_tenantgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenantgroup" ADD CONSTRAINT "tenancy_tenantgroup_parent_id_tenancy_tenantgroup_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tenancy_tenantgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_token" ADD CONSTRAINT "users_token_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "core_objectchange_user_id_idx" ON "core_objectchange" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "core_objectchange_changed_object_type_changed_object_id_idx" ON "core_objectchange" USING btree ("changed_object_type","changed_object_id");--> statement-breakpoint
CREATE INDEX "core_objectchange_time_order_idx" ON "core_objectchange" USING btree ("time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_location_site_name_when_parent_null_uniq" ON "dcim_location" USING btree ("site_id","name") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_location_site_slug_when_parent_null_uniq" ON "dcim_location" USING btree ("site_id","slug") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "dcim_location_site_id_idx" ON "dcim_location" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "dcim_location_parent_id_idx" ON "dcim_location" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_location_tenant_id_idx" ON "dcim_location" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_location_name_natural_idx" ON "dcim_location" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_location__path_gin_idx" ON "dcim_location" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_location__sort_idx" ON "dcim_location" USING btree ("_sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_region_name_when_parent_null_uniq" ON "dcim_region" USING btree ("name") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_region_slug_when_parent_null_uniq" ON "dcim_region" USING btree ("slug") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "dcim_region_parent_id_idx" ON "dcim_region" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_region_name_natural_idx" ON "dcim_region" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_region__path_gin_idx" ON "dcim_region" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_region__sort_idx" ON "dcim_region" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "dcim_site_region_id_idx" ON "dcim_site" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "dcim_site_group_id_idx" ON "dcim_site" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "dcim_site_tenant_id_idx" ON "dcim_site" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_site_name_natural_idx" ON "dcim_site" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_sitegroup_name_when_parent_null_uniq" ON "dcim_sitegroup" USING btree ("name") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_sitegroup_slug_when_parent_null_uniq" ON "dcim_sitegroup" USING btree ("slug") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "dcim_sitegroup_parent_id_idx" ON "dcim_sitegroup" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_sitegroup_name_natural_idx" ON "dcim_sitegroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_sitegroup__path_gin_idx" ON "dcim_sitegroup" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_sitegroup__sort_idx" ON "dcim_sitegroup" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "extras_customfield_choice_set_id_idx" ON "extras_customfield" USING btree ("choice_set_id");--> statement-breakpoint
CREATE INDEX "extras_customfield_name_natural_idx" ON "extras_customfield" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_customfield_group_name_order_idx" ON "extras_customfield" USING btree ("group_name","id");--> statement-breakpoint
CREATE INDEX "extras_customfield_weight_order_idx" ON "extras_customfield" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "extras_customfieldchoiceset_name_natural_idx" ON "extras_customfieldchoiceset" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_tag_name_natural_idx" ON "extras_tag" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_tag_weight_order_idx" ON "extras_tag" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "extras_taggeditem_object_type_object_id_idx" ON "extras_taggeditem" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "extras_taggeditem_tag_id_idx" ON "extras_taggeditem" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_tenant_name_when_group_null_uniq" ON "tenancy_tenant" USING btree ("name") WHERE group_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_tenant_slug_when_group_null_uniq" ON "tenancy_tenant" USING btree ("slug") WHERE group_id IS NULL;--> statement-breakpoint
CREATE INDEX "tenancy_tenant_group_id_idx" ON "tenancy_tenant" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenant_name_natural_idx" ON "tenancy_tenant" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup_parent_id_idx" ON "tenancy_tenantgroup" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup_name_natural_idx" ON "tenancy_tenantgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup__path_gin_idx" ON "tenancy_tenantgroup" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup__sort_idx" ON "tenancy_tenantgroup" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "users_token_user_id_idx" ON "users_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_token_created_order_idx" ON "users_token" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "users_user_username_order_idx" ON "users_user" USING btree ("username","id");