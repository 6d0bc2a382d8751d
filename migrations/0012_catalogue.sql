CREATE TABLE "core_datafile" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" bigint NOT NULL,
	"path" varchar(1000) NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now(),
	"size" integer DEFAULT 0 NOT NULL,
	"hash" varchar(64) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	CONSTRAINT "core_datafile_source_path_uniq" UNIQUE("source_id","path")
);
--> statement-breakpoint
CREATE TABLE "core_datasource" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(50) NOT NULL,
	"source_url" varchar(200) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" varchar(50) DEFAULT 'new' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"sync_interval" integer,
	"parameters" jsonb,
	"ignore_rules" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"last_synced" timestamp with time zone,
	CONSTRAINT "core_datasource_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_bookmark" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_bookmark_object_type_object_id_user_uniq" UNIQUE("object_type","object_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"weight" integer DEFAULT 1000 NOT NULL,
	"profile_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"owner_id" bigint,
	"data_source_id" bigint,
	"data_path" varchar(1000) DEFAULT '' NOT NULL,
	"data_file_id" bigint,
	"data_synced" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_configcontext_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_cluster_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"clustergroup_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_cluster_groups_uniq" UNIQUE("configcontext_id","clustergroup_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_cluster_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"clustertype_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_cluster_types_uniq" UNIQUE("configcontext_id","clustertype_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_clusters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"cluster_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_clusters_uniq" UNIQUE("configcontext_id","cluster_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_device_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"devicetype_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_device_types_uniq" UNIQUE("configcontext_id","devicetype_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_locations_uniq" UNIQUE("configcontext_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_platforms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"platform_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_platforms_uniq" UNIQUE("configcontext_id","platform_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_regions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"region_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_regions_uniq" UNIQUE("configcontext_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"devicerole_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_roles_uniq" UNIQUE("configcontext_id","devicerole_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_site_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"sitegroup_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_site_groups_uniq" UNIQUE("configcontext_id","sitegroup_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_sites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_sites_uniq" UNIQUE("configcontext_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_tenant_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"tenantgroup_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_tenant_groups_uniq" UNIQUE("configcontext_id","tenantgroup_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontext_tenants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"configcontext_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "extras_configcontext_tenants_uniq" UNIQUE("configcontext_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "extras_configcontextprofile" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"schema" jsonb,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"data_source_id" bigint,
	"data_path" varchar(1000) DEFAULT '' NOT NULL,
	"data_file_id" bigint,
	"data_synced" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_configcontextprofile_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_configtemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"environment_params" jsonb,
	"template_code" text NOT NULL,
	"mime_type" varchar(50) DEFAULT '' NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"file_extension" varchar(15) DEFAULT '' NOT NULL,
	"as_attachment" boolean DEFAULT true NOT NULL,
	"debug" boolean DEFAULT false NOT NULL,
	"data_source_id" bigint,
	"data_path" varchar(1000) DEFAULT '' NOT NULL,
	"data_file_id" bigint,
	"auto_sync_enabled" boolean DEFAULT false NOT NULL,
	"data_synced" timestamp with time zone,
	"owner_id" bigint,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_configtemplate_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_customlink" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"name" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"link_text" text NOT NULL,
	"link_url" text NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"group_name" varchar(50) DEFAULT '' NOT NULL,
	"button_class" varchar(50) DEFAULT 'default' NOT NULL,
	"new_window" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_customlink_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_exporttemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"environment_params" jsonb,
	"template_code" text NOT NULL,
	"mime_type" varchar(50) DEFAULT '' NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"file_extension" varchar(15) DEFAULT '' NOT NULL,
	"as_attachment" boolean DEFAULT true NOT NULL,
	"data_source_id" bigint,
	"data_path" varchar(1000) DEFAULT '' NOT NULL,
	"data_file_id" bigint,
	"data_synced" timestamp with time zone,
	"owner_id" bigint,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "extras_journalentry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assigned_object_type" varchar(100) NOT NULL,
	"assigned_object_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"created_by_id" bigint,
	"kind" varchar(50) DEFAULT 'info' NOT NULL,
	"comments" text NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "extras_notification" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"read" timestamp with time zone,
	"event_type" varchar(50) NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "extras_notificationgroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_notificationgroup_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "extras_notificationgroup_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notificationgroup_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "extras_notificationgroup_groups_uniq" UNIQUE("notificationgroup_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "extras_notificationgroup_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notificationgroup_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "extras_notificationgroup_users_uniq" UNIQUE("notificationgroup_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "extras_savedfilter" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"weight" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"shared" boolean DEFAULT true NOT NULL,
	"parameters" jsonb NOT NULL,
	"owner_id" bigint,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_savedfilter_name_uniq" UNIQUE("name"),
	CONSTRAINT "extras_savedfilter_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "extras_subscription" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "extras_subscription_object_type_object_id_user_uniq" UNIQUE("object_type","object_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "dcim_device" ADD COLUMN "config_template_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_devicerole" ADD COLUMN "config_template_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_platform" ADD COLUMN "config_template_id" bigint;--> statement-breakpoint
ALTER TABLE "extras_customfield" ADD COLUMN "validation_schema" jsonb;--> statement-breakpoint
ALTER TABLE "extras_customfieldchoiceset" ADD COLUMN "choice_colors" jsonb;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD COLUMN "config_template_id" bigint;--> statement-breakpoint
ALTER TABLE "core_datafile" ADD CONSTRAINT "core_datafile_source_id_core_datasource_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."core_datasource"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_datasource" ADD CONSTRAINT "core_datasource_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_bookmark" ADD CONSTRAINT "extras_bookmark_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext" ADD CONSTRAINT "extras_configcontext_profile_id_extras_configcontextprofile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."extras_configcontextprofile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext" ADD CONSTRAINT "extras_configcontext_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext" ADD CONSTRAINT "extras_configcontext_data_source_id_core_datasource_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."core_datasource"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext" ADD CONSTRAINT "extras_configcontext_data_file_id_core_datafile_id_fk" FOREIGN KEY ("data_file_id") REFERENCES "public"."core_datafile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_cluster_groups" ADD CONSTRAINT "extras_configcontext_cluster_groups_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_cluster_groups" ADD CONSTRAINT "extras_configcontext_cluster_groups_clustergroup_id_virtualization_clustergroup_id_fk" FOREIGN KEY ("clustergroup_id") REFERENCES "public"."virtualization_clustergroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_cluster_types" ADD CONSTRAINT "extras_configcontext_cluster_types_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_cluster_types" ADD CONSTRAINT "extras_configcontext_cluster_types_clustertype_id_virtualization_clustertype_id_fk" FOREIGN KEY ("clustertype_id") REFERENCES "public"."virtualization_clustertype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_clusters" ADD CONSTRAINT "extras_configcontext_clusters_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_clusters" ADD CONSTRAINT "extras_configcontext_clusters_cluster_id_virtualization_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."virtualization_cluster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_device_types" ADD CONSTRAINT "extras_configcontext_device_types_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_device_types" ADD CONSTRAINT "extras_configcontext_device_types_devicetype_id_dcim_devicetype_id_fk" FOREIGN KEY ("devicetype_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_locations" ADD CONSTRAINT "extras_configcontext_locations_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_locations" ADD CONSTRAINT "extras_configcontext_locations_location_id_dcim_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."dcim_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_platforms" ADD CONSTRAINT "extras_configcontext_platforms_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_platforms" ADD CONSTRAINT "extras_configcontext_platforms_platform_id_dcim_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."dcim_platform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_regions" ADD CONSTRAINT "extras_configcontext_regions_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_regions" ADD CONSTRAINT "extras_configcontext_regions_region_id_dcim_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."dcim_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_roles" ADD CONSTRAINT "extras_configcontext_roles_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_roles" ADD CONSTRAINT "extras_configcontext_roles_devicerole_id_dcim_devicerole_id_fk" FOREIGN KEY ("devicerole_id") REFERENCES "public"."dcim_devicerole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_site_groups" ADD CONSTRAINT "extras_configcontext_site_groups_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_site_groups" ADD CONSTRAINT "extras_configcontext_site_groups_sitegroup_id_dcim_sitegroup_id_fk" FOREIGN KEY ("sitegroup_id") REFERENCES "public"."dcim_sitegroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_sites" ADD CONSTRAINT "extras_configcontext_sites_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_sites" ADD CONSTRAINT "extras_configcontext_sites_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_tenant_groups" ADD CONSTRAINT "extras_configcontext_tenant_groups_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_tenant_groups" ADD CONSTRAINT "extras_configcontext_tenant_groups_tenantgroup_id_tenancy_tenantgroup_id_fk" FOREIGN KEY ("tenantgroup_id") REFERENCES "public"."tenancy_tenantgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_tenants" ADD CONSTRAINT "extras_configcontext_tenants_configcontext_id_extras_configcontext_id_fk" FOREIGN KEY ("configcontext_id") REFERENCES "public"."extras_configcontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontext_tenants" ADD CONSTRAINT "extras_configcontext_tenants_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontextprofile" ADD CONSTRAINT "extras_configcontextprofile_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontextprofile" ADD CONSTRAINT "extras_configcontextprofile_data_source_id_core_datasource_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."core_datasource"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configcontextprofile" ADD CONSTRAINT "extras_configcontextprofile_data_file_id_core_datafile_id_fk" FOREIGN KEY ("data_file_id") REFERENCES "public"."core_datafile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configtemplate" ADD CONSTRAINT "extras_configtemplate_data_source_id_core_datasource_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."core_datasource"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configtemplate" ADD CONSTRAINT "extras_configtemplate_data_file_id_core_datafile_id_fk" FOREIGN KEY ("data_file_id") REFERENCES "public"."core_datafile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_configtemplate" ADD CONSTRAINT "extras_configtemplate_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_customlink" ADD CONSTRAINT "extras_customlink_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_exporttemplate" ADD CONSTRAINT "extras_exporttemplate_data_source_id_core_datasource_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."core_datasource"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_exporttemplate" ADD CONSTRAINT "extras_exporttemplate_data_file_id_core_datafile_id_fk" FOREIGN KEY ("data_file_id") REFERENCES "public"."core_datafile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_exporttemplate" ADD CONSTRAINT "extras_exporttemplate_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_journalentry" ADD CONSTRAINT "extras_journalentry_created_by_id_users_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_notification" ADD CONSTRAINT "extras_notification_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_notificationgroup_groups" ADD CONSTRAINT "extras_notificationgroup_groups_notificationgroup_id_extras_notificationgroup_id_fk" FOREIGN KEY ("notificationgroup_id") REFERENCES "public"."extras_notificationgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_notificationgroup_groups" ADD CONSTRAINT "extras_notificationgroup_groups_group_id_users_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_notificationgroup_users" ADD CONSTRAINT "extras_notificationgroup_users_notificationgroup_id_extras_notificationgroup_id_fk" FOREIGN KEY ("notificationgroup_id") REFERENCES "public"."extras_notificationgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_notificationgroup_users" ADD CONSTRAINT "extras_notificationgroup_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_savedfilter" ADD CONSTRAINT "extras_savedfilter_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_savedfilter" ADD CONSTRAINT "extras_savedfilter_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_subscription" ADD CONSTRAINT "extras_subscription_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "core_datafile_source_id_idx" ON "core_datafile" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "core_datafile_path_order_idx" ON "core_datafile" USING btree ("path","id");--> statement-breakpoint
CREATE INDEX "core_datafile_default_order_idx" ON "core_datafile" USING btree ("source_id", "path", "id");--> statement-breakpoint
CREATE INDEX "core_datasource_owner_id_idx" ON "core_datasource" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "core_datasource_name_natural_idx" ON "core_datasource" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_bookmark_object_type_object_id_idx" ON "extras_bookmark" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "extras_bookmark_user_id_idx" ON "extras_bookmark" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extras_bookmark_created_order_idx" ON "extras_bookmark" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_profile_id_idx" ON "extras_configcontext" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_owner_id_idx" ON "extras_configcontext" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_data_source_id_idx" ON "extras_configcontext" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_data_file_id_idx" ON "extras_configcontext" USING btree ("data_file_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_name_natural_idx" ON "extras_configcontext" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_weight_order_idx" ON "extras_configcontext" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_default_order_idx" ON "extras_configcontext" USING btree ("weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_cluster_groups_clustergroup_id_idx" ON "extras_configcontext_cluster_groups" USING btree ("clustergroup_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_cluster_types_clustertype_id_idx" ON "extras_configcontext_cluster_types" USING btree ("clustertype_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_clusters_cluster_id_idx" ON "extras_configcontext_clusters" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_device_types_devicetype_id_idx" ON "extras_configcontext_device_types" USING btree ("devicetype_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_locations_location_id_idx" ON "extras_configcontext_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_platforms_platform_id_idx" ON "extras_configcontext_platforms" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_regions_region_id_idx" ON "extras_configcontext_regions" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_roles_devicerole_id_idx" ON "extras_configcontext_roles" USING btree ("devicerole_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_site_groups_sitegroup_id_idx" ON "extras_configcontext_site_groups" USING btree ("sitegroup_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_sites_site_id_idx" ON "extras_configcontext_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_tenant_groups_tenantgroup_id_idx" ON "extras_configcontext_tenant_groups" USING btree ("tenantgroup_id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_tenants_tenant_id_idx" ON "extras_configcontext_tenants" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "extras_configcontextprofile_owner_id_idx" ON "extras_configcontextprofile" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_configcontextprofile_data_source_id_idx" ON "extras_configcontextprofile" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "extras_configcontextprofile_data_file_id_idx" ON "extras_configcontextprofile" USING btree ("data_file_id");--> statement-breakpoint
CREATE INDEX "extras_configcontextprofile_name_natural_idx" ON "extras_configcontextprofile" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_configtemplate_data_source_id_idx" ON "extras_configtemplate" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "extras_configtemplate_data_file_id_idx" ON "extras_configtemplate" USING btree ("data_file_id");--> statement-breakpoint
CREATE INDEX "extras_configtemplate_owner_id_idx" ON "extras_configtemplate" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_configtemplate_name_natural_idx" ON "extras_configtemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_customlink_owner_id_idx" ON "extras_customlink" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_customlink_name_natural_idx" ON "extras_customlink" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_customlink_group_name_order_idx" ON "extras_customlink" USING btree ("group_name","id");--> statement-breakpoint
CREATE INDEX "extras_customlink_weight_order_idx" ON "extras_customlink" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "extras_customlink_default_order_idx" ON "extras_customlink" USING btree ("group_name", "weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "extras_exporttemplate_data_source_id_idx" ON "extras_exporttemplate" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "extras_exporttemplate_data_file_id_idx" ON "extras_exporttemplate" USING btree ("data_file_id");--> statement-breakpoint
CREATE INDEX "extras_exporttemplate_owner_id_idx" ON "extras_exporttemplate" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_exporttemplate_name_natural_idx" ON "extras_exporttemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_journalentry_assigned_object_type_assigned_object_id_idx" ON "extras_journalentry" USING btree ("assigned_object_type","assigned_object_id");--> statement-breakpoint
CREATE INDEX "extras_journalentry_created_by_id_idx" ON "extras_journalentry" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "extras_journalentry_created_order_idx" ON "extras_journalentry" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "extras_notification_object_type_object_id_idx" ON "extras_notification" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "extras_notification_user_id_idx" ON "extras_notification" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extras_notification_created_order_idx" ON "extras_notification" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "extras_notificationgroup_name_natural_idx" ON "extras_notificationgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_notificationgroup_groups_group_id_idx" ON "extras_notificationgroup_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "extras_notificationgroup_users_user_id_idx" ON "extras_notificationgroup_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_user_id_idx" ON "extras_savedfilter" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_owner_id_idx" ON "extras_savedfilter" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_name_natural_idx" ON "extras_savedfilter" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_weight_order_idx" ON "extras_savedfilter" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_default_order_idx" ON "extras_savedfilter" USING btree ("weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "extras_subscription_object_type_object_id_idx" ON "extras_subscription" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "extras_subscription_user_id_idx" ON "extras_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extras_subscription_created_order_idx" ON "extras_subscription" USING btree ("created","id");--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_config_template_id_extras_configtemplate_id_fk" FOREIGN KEY ("config_template_id") REFERENCES "public"."extras_configtemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "dcim_devicerole_config_template_id_extras_configtemplate_id_fk" FOREIGN KEY ("config_template_id") REFERENCES "public"."extras_configtemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_platform" ADD CONSTRAINT "dcim_platform_config_template_id_extras_configtemplate_id_fk" FOREIGN KEY ("config_template_id") REFERENCES "public"."extras_configtemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_config_template_id_extras_configtemplate_id_fk" FOREIGN KEY ("config_template_id") REFERENCES "public"."extras_configtemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcim_device_config_template_id_idx" ON "dcim_device" USING btree ("config_template_id");--> statement-breakpoint
CREATE INDEX "dcim_devicerole_config_template_id_idx" ON "dcim_devicerole" USING btree ("config_template_id");--> statement-breakpoint
CREATE INDEX "dcim_platform_config_template_id_idx" ON "dcim_platform" USING btree ("config_template_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_config_template_id_idx" ON "virtualization_virtualmachine" USING btree ("config_template_id");