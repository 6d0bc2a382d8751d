CREATE TABLE "dcim_cable" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(50),
	"status" varchar(50) DEFAULT 'connected' NOT NULL,
	"profile" varchar(50),
	"tenant_id" bigint,
	"bundle_id" bigint,
	"label" varchar(100) DEFAULT '' NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"length" numeric(8, 2),
	"length_unit" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "dcim_cablebundle" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_cablebundle_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "dcim_cabletermination" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cable_id" bigint NOT NULL,
	"cable_end" varchar(50) NOT NULL,
	"termination_type" varchar(100) NOT NULL,
	"termination_id" bigint NOT NULL,
	"connector" integer,
	"positions" integer[] DEFAULT '{}' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_cabletermination_termination_type_termination_id_uniq" UNIQUE("termination_type","termination_id")
);
--> statement-breakpoint
CREATE TABLE "dcim_consoleport" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"speed" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_consoleport_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_consoleporttemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_consoleporttemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_consoleporttemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_consoleserverport" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"speed" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_consoleserverport_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_consoleserverporttemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_consoleserverporttemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_consoleserverporttemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_devicebay" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"installed_device_id" bigint,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_devicebay_installed_device_uniq" UNIQUE("installed_device_id"),
	CONSTRAINT "dcim_devicebay_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_devicebaytemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_devicebaytemplate_device_type_name_uniq" UNIQUE("device_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_frontport" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50) NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"positions" integer DEFAULT 1 NOT NULL,
	"rear_ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_frontport_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_frontporttemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50) NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"positions" integer DEFAULT 1 NOT NULL,
	"rear_ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_frontporttemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_frontporttemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_interfacetemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"mgmt_only" boolean DEFAULT false NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"bridge_id" bigint,
	"poe_mode" varchar(50),
	"poe_type" varchar(50),
	"rf_role" varchar(50),
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_interfacetemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_interfacetemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_inventoryitem" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"role_id" bigint,
	"manufacturer_id" bigint,
	"part_id" varchar(50) DEFAULT '' NOT NULL,
	"serial" varchar(50) DEFAULT '' NOT NULL,
	"asset_tag" varchar(50),
	"discovered" boolean DEFAULT false NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"component_type" varchar(100),
	"component_id" bigint,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_inventoryitem_asset_tag_uniq" UNIQUE("asset_tag"),
	CONSTRAINT "dcim_inventoryitem_device_parent_name_uniq" UNIQUE NULLS NOT DISTINCT("device_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_inventoryitemrole" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"color" varchar(6) DEFAULT '9e9e9e' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_inventoryitemrole_name_uniq" UNIQUE("name"),
	CONSTRAINT "dcim_inventoryitemrole_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_inventoryitemtemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"role_id" bigint,
	"manufacturer_id" bigint,
	"part_id" varchar(50) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"component_type" varchar(100),
	"component_id" bigint,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_inventoryitemtemplate_device_type_parent_name_uniq" UNIQUE NULLS NOT DISTINCT("device_type_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_module" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_bay_id" bigint NOT NULL,
	"module_type_id" bigint NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"serial" varchar(50) DEFAULT '' NOT NULL,
	"asset_tag" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_module_asset_tag_uniq" UNIQUE("asset_tag"),
	CONSTRAINT "dcim_module_module_bay_uniq" UNIQUE("module_bay_id")
);
--> statement-breakpoint
CREATE TABLE "dcim_modulebay" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"position" varchar(30) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_modulebay_device_module_name_uniq" UNIQUE NULLS NOT DISTINCT("device_id","module_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_modulebaytemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"position" varchar(30) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_modulebaytemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_modulebaytemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_moduletype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" bigint,
	"manufacturer_id" bigint NOT NULL,
	"model" varchar(100) NOT NULL,
	"part_number" varchar(50) DEFAULT '' NOT NULL,
	"airflow" varchar(50),
	"weight" numeric(8, 2),
	"weight_unit" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"attributes" jsonb,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_moduletype_manufacturer_model_uniq" UNIQUE("manufacturer_id","model")
);
--> statement-breakpoint
CREATE TABLE "dcim_moduletypeprofile" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"schema" jsonb,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_moduletypeprofile_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "dcim_powerfeed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"power_panel_id" bigint NOT NULL,
	"rack_id" bigint,
	"name" varchar(100) NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"type" varchar(50) DEFAULT 'primary' NOT NULL,
	"supply" varchar(50) DEFAULT 'ac' NOT NULL,
	"phase" varchar(50) DEFAULT 'single-phase' NOT NULL,
	"voltage" integer DEFAULT 120 NOT NULL,
	"amperage" integer DEFAULT 20 NOT NULL,
	"max_utilization" integer DEFAULT 80 NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"tenant_id" bigint,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_powerfeed_power_panel_name_uniq" UNIQUE("power_panel_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_poweroutlet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"status" varchar(50) DEFAULT 'enabled' NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"power_port_id" bigint,
	"feed_leg" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_poweroutlet_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_poweroutlettemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"color" varchar(6) DEFAULT '' NOT NULL,
	"power_port_id" bigint,
	"feed_leg" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_poweroutlettemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_poweroutlettemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_powerpanel" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"location_id" bigint,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_powerpanel_site_name_uniq" UNIQUE("site_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_powerport" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"maximum_draw" integer,
	"allocated_draw" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_powerport_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_powerporttemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50),
	"maximum_draw" integer,
	"allocated_draw" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_powerporttemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_powerporttemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_rearport" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"module_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50) NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"positions" integer DEFAULT 1 NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_rearport_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_rearporttemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_type_id" bigint,
	"module_type_id" bigint,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50) NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"positions" integer DEFAULT 1 NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_rearporttemplate_device_type_name_uniq" UNIQUE("device_type_id","name"),
	CONSTRAINT "dcim_rearporttemplate_module_type_name_uniq" UNIQUE("module_type_id","name")
);
--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "module_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_cable" ADD CONSTRAINT "dcim_cable_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_cable" ADD CONSTRAINT "dcim_cable_bundle_id_dcim_cablebundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."dcim_cablebundle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_cable" ADD CONSTRAINT "dcim_cable_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_cablebundle" ADD CONSTRAINT "dcim_cablebundle_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_cabletermination" ADD CONSTRAINT "dcim_cabletermination_cable_id_dcim_cable_id_fk" FOREIGN KEY ("cable_id") REFERENCES "public"."dcim_cable"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleport" ADD CONSTRAINT "dcim_consoleport_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleport" ADD CONSTRAINT "dcim_consoleport_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleport" ADD CONSTRAINT "dcim_consoleport_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleporttemplate" ADD CONSTRAINT "dcim_consoleporttemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleporttemplate" ADD CONSTRAINT "dcim_consoleporttemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleserverport" ADD CONSTRAINT "dcim_consoleserverport_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleserverport" ADD CONSTRAINT "dcim_consoleserverport_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleserverport" ADD CONSTRAINT "dcim_consoleserverport_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleserverporttemplate" ADD CONSTRAINT "dcim_consoleserverporttemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_consoleserverporttemplate" ADD CONSTRAINT "dcim_consoleserverporttemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicebay" ADD CONSTRAINT "dcim_devicebay_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicebay" ADD CONSTRAINT "dcim_devicebay_installed_device_id_dcim_device_id_fk" FOREIGN KEY ("installed_device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicebay" ADD CONSTRAINT "dcim_devicebay_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicebaytemplate" ADD CONSTRAINT "dcim_devicebaytemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_frontport" ADD CONSTRAINT "dcim_frontport_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_frontport" ADD CONSTRAINT "dcim_frontport_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_frontport" ADD CONSTRAINT "dcim_frontport_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_frontporttemplate" ADD CONSTRAINT "dcim_frontporttemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_frontporttemplate" ADD CONSTRAINT "dcim_frontporttemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interfacetemplate" ADD CONSTRAINT "dcim_interfacetemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interfacetemplate" ADD CONSTRAINT "dcim_interfacetemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interfacetemplate" ADD CONSTRAINT "dcim_interfacetemplate_bridge_id_dcim_interfacetemplate_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."dcim_interfacetemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "dcim_inventoryitem_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "dcim_inventoryitem_parent_id_dcim_inventoryitem_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_inventoryitem"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "dcim_inventoryitem_role_id_dcim_inventoryitemrole_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."dcim_inventoryitemrole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "dcim_inventoryitem_manufacturer_id_dcim_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."dcim_manufacturer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitem" ADD CONSTRAINT "dcim_inventoryitem_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitemrole" ADD CONSTRAINT "dcim_inventoryitemrole_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitemtemplate" ADD CONSTRAINT "dcim_inventoryitemtemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitemtemplate" ADD CONSTRAINT "dcim_inventoryitemtemplate_parent_id_dcim_inventoryitemtemplate_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_inventoryitemtemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitemtemplate" ADD CONSTRAINT "dcim_inventoryitemtemplate_role_id_dcim_inventoryitemrole_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."dcim_inventoryitemrole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_inventoryitemtemplate" ADD CONSTRAINT "dcim_inventoryitemtemplate_manufacturer_id_dcim_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."dcim_manufacturer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_module" ADD CONSTRAINT "dcim_module_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_module" ADD CONSTRAINT "dcim_module_module_bay_id_dcim_modulebay_id_fk" FOREIGN KEY ("module_bay_id") REFERENCES "public"."dcim_modulebay"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_module" ADD CONSTRAINT "dcim_module_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_module" ADD CONSTRAINT "dcim_module_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_modulebay" ADD CONSTRAINT "dcim_modulebay_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_modulebay" ADD CONSTRAINT "dcim_modulebay_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_modulebay" ADD CONSTRAINT "dcim_modulebay_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_modulebaytemplate" ADD CONSTRAINT "dcim_modulebaytemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_modulebaytemplate" ADD CONSTRAINT "dcim_modulebaytemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_moduletype" ADD CONSTRAINT "dcim_moduletype_profile_id_dcim_moduletypeprofile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."dcim_moduletypeprofile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_moduletype" ADD CONSTRAINT "dcim_moduletype_manufacturer_id_dcim_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."dcim_manufacturer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_moduletype" ADD CONSTRAINT "dcim_moduletype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_moduletypeprofile" ADD CONSTRAINT "dcim_moduletypeprofile_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerfeed" ADD CONSTRAINT "dcim_powerfeed_power_panel_id_dcim_powerpanel_id_fk" FOREIGN KEY ("power_panel_id") REFERENCES "public"."dcim_powerpanel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerfeed" ADD CONSTRAINT "dcim_powerfeed_rack_id_dcim_rack_id_fk" FOREIGN KEY ("rack_id") REFERENCES "public"."dcim_rack"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerfeed" ADD CONSTRAINT "dcim_powerfeed_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerfeed" ADD CONSTRAINT "dcim_powerfeed_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlet" ADD CONSTRAINT "dcim_poweroutlet_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlet" ADD CONSTRAINT "dcim_poweroutlet_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlet" ADD CONSTRAINT "dcim_poweroutlet_power_port_id_dcim_powerport_id_fk" FOREIGN KEY ("power_port_id") REFERENCES "public"."dcim_powerport"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlet" ADD CONSTRAINT "dcim_poweroutlet_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlettemplate" ADD CONSTRAINT "dcim_poweroutlettemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlettemplate" ADD CONSTRAINT "dcim_poweroutlettemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlettemplate" ADD CONSTRAINT "dcim_poweroutlettemplate_power_port_id_dcim_powerporttemplate_id_fk" FOREIGN KEY ("power_port_id") REFERENCES "public"."dcim_powerporttemplate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerpanel" ADD CONSTRAINT "dcim_powerpanel_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerpanel" ADD CONSTRAINT "dcim_powerpanel_location_id_dcim_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."dcim_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerpanel" ADD CONSTRAINT "dcim_powerpanel_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerport" ADD CONSTRAINT "dcim_powerport_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerport" ADD CONSTRAINT "dcim_powerport_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerport" ADD CONSTRAINT "dcim_powerport_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerporttemplate" ADD CONSTRAINT "dcim_powerporttemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_powerporttemplate" ADD CONSTRAINT "dcim_powerporttemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rearport" ADD CONSTRAINT "dcim_rearport_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rearport" ADD CONSTRAINT "dcim_rearport_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rearport" ADD CONSTRAINT "dcim_rearport_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rearporttemplate" ADD CONSTRAINT "dcim_rearporttemplate_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rearporttemplate" ADD CONSTRAINT "dcim_rearporttemplate_module_type_id_dcim_moduletype_id_fk" FOREIGN KEY ("module_type_id") REFERENCES "public"."dcim_moduletype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcim_cable_tenant_id_idx" ON "dcim_cable" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_cable_bundle_id_idx" ON "dcim_cable" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "dcim_cable_owner_id_idx" ON "dcim_cable" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_cablebundle_owner_id_idx" ON "dcim_cablebundle" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_cablebundle_name_natural_idx" ON "dcim_cablebundle" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_cabletermination_cable_id_idx" ON "dcim_cabletermination" USING btree ("cable_id");--> statement-breakpoint
CREATE INDEX "dcim_cabletermination_termination_type_termination_id_idx" ON "dcim_cabletermination" USING btree ("termination_type","termination_id");--> statement-breakpoint
CREATE INDEX "dcim_cabletermination_cable_end_order_idx" ON "dcim_cabletermination" USING btree ("cable_end","id");--> statement-breakpoint
CREATE INDEX "dcim_cabletermination_default_order_idx" ON "dcim_cabletermination" USING btree ("cable_id", "cable_end", "id");--> statement-breakpoint
CREATE INDEX "dcim_consoleport_device_id_idx" ON "dcim_consoleport" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleport_module_id_idx" ON "dcim_consoleport" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleport_owner_id_idx" ON "dcim_consoleport" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleport_name_natural_idx" ON "dcim_consoleport" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_consoleport_default_order_idx" ON "dcim_consoleport" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_consoleporttemplate_device_type_id_idx" ON "dcim_consoleporttemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleporttemplate_module_type_id_idx" ON "dcim_consoleporttemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleporttemplate_name_natural_idx" ON "dcim_consoleporttemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_consoleporttemplate_default_order_idx" ON "dcim_consoleporttemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverport_device_id_idx" ON "dcim_consoleserverport" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverport_module_id_idx" ON "dcim_consoleserverport" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverport_owner_id_idx" ON "dcim_consoleserverport" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverport_name_natural_idx" ON "dcim_consoleserverport" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverport_default_order_idx" ON "dcim_consoleserverport" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverporttemplate_device_type_id_idx" ON "dcim_consoleserverporttemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverporttemplate_module_type_id_idx" ON "dcim_consoleserverporttemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverporttemplate_name_natural_idx" ON "dcim_consoleserverporttemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverporttemplate_default_order_idx" ON "dcim_consoleserverporttemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_devicebay_device_id_idx" ON "dcim_devicebay" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_devicebay_installed_device_id_idx" ON "dcim_devicebay" USING btree ("installed_device_id");--> statement-breakpoint
CREATE INDEX "dcim_devicebay_owner_id_idx" ON "dcim_devicebay" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_devicebay_name_natural_idx" ON "dcim_devicebay" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_devicebay_default_order_idx" ON "dcim_devicebay" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_devicebaytemplate_device_type_id_idx" ON "dcim_devicebaytemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_devicebaytemplate_name_natural_idx" ON "dcim_devicebaytemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_devicebaytemplate_default_order_idx" ON "dcim_devicebaytemplate" USING btree ("device_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_frontport_device_id_idx" ON "dcim_frontport" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_frontport_module_id_idx" ON "dcim_frontport" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_frontport_owner_id_idx" ON "dcim_frontport" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_frontport_name_natural_idx" ON "dcim_frontport" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_frontport_default_order_idx" ON "dcim_frontport" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_frontporttemplate_device_type_id_idx" ON "dcim_frontporttemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_frontporttemplate_module_type_id_idx" ON "dcim_frontporttemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_frontporttemplate_name_natural_idx" ON "dcim_frontporttemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_frontporttemplate_default_order_idx" ON "dcim_frontporttemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_interfacetemplate_device_type_id_idx" ON "dcim_interfacetemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_interfacetemplate_module_type_id_idx" ON "dcim_interfacetemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_interfacetemplate_bridge_id_idx" ON "dcim_interfacetemplate" USING btree ("bridge_id");--> statement-breakpoint
CREATE INDEX "dcim_interfacetemplate_name_natural_idx" ON "dcim_interfacetemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_interfacetemplate_default_order_idx" ON "dcim_interfacetemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_device_id_idx" ON "dcim_inventoryitem" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_parent_id_idx" ON "dcim_inventoryitem" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_role_id_idx" ON "dcim_inventoryitem" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_manufacturer_id_idx" ON "dcim_inventoryitem" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_component_type_component_id_idx" ON "dcim_inventoryitem" USING btree ("component_type","component_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_owner_id_idx" ON "dcim_inventoryitem" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem_name_natural_idx" ON "dcim_inventoryitem" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem__path_gin_idx" ON "dcim_inventoryitem" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitem__sort_idx" ON "dcim_inventoryitem" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemrole_owner_id_idx" ON "dcim_inventoryitemrole" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemrole_name_natural_idx" ON "dcim_inventoryitemrole" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate_device_type_id_idx" ON "dcim_inventoryitemtemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate_parent_id_idx" ON "dcim_inventoryitemtemplate" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate_role_id_idx" ON "dcim_inventoryitemtemplate" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate_manufacturer_id_idx" ON "dcim_inventoryitemtemplate" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate_component_type_component_id_idx" ON "dcim_inventoryitemtemplate" USING btree ("component_type","component_id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate_name_natural_idx" ON "dcim_inventoryitemtemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate__path_gin_idx" ON "dcim_inventoryitemtemplate" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemtemplate__sort_idx" ON "dcim_inventoryitemtemplate" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "dcim_module_device_id_idx" ON "dcim_module" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_module_module_bay_id_idx" ON "dcim_module" USING btree ("module_bay_id");--> statement-breakpoint
CREATE INDEX "dcim_module_module_type_id_idx" ON "dcim_module" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_module_owner_id_idx" ON "dcim_module" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_modulebay_device_id_idx" ON "dcim_modulebay" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_modulebay_module_id_idx" ON "dcim_modulebay" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_modulebay_owner_id_idx" ON "dcim_modulebay" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_modulebay_name_natural_idx" ON "dcim_modulebay" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_modulebay_default_order_idx" ON "dcim_modulebay" USING btree ("device_id", "module_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_modulebaytemplate_device_type_id_idx" ON "dcim_modulebaytemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_modulebaytemplate_module_type_id_idx" ON "dcim_modulebaytemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_modulebaytemplate_name_natural_idx" ON "dcim_modulebaytemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_modulebaytemplate_default_order_idx" ON "dcim_modulebaytemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_moduletype_profile_id_idx" ON "dcim_moduletype" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "dcim_moduletype_manufacturer_id_idx" ON "dcim_moduletype" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "dcim_moduletype_owner_id_idx" ON "dcim_moduletype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_moduletype_model_order_idx" ON "dcim_moduletype" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "dcim_moduletype_default_order_idx" ON "dcim_moduletype" USING btree ("manufacturer_id", "model", "id");--> statement-breakpoint
CREATE INDEX "dcim_moduletypeprofile_owner_id_idx" ON "dcim_moduletypeprofile" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_moduletypeprofile_name_natural_idx" ON "dcim_moduletypeprofile" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_powerfeed_power_panel_id_idx" ON "dcim_powerfeed" USING btree ("power_panel_id");--> statement-breakpoint
CREATE INDEX "dcim_powerfeed_rack_id_idx" ON "dcim_powerfeed" USING btree ("rack_id");--> statement-breakpoint
CREATE INDEX "dcim_powerfeed_tenant_id_idx" ON "dcim_powerfeed" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_powerfeed_owner_id_idx" ON "dcim_powerfeed" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_powerfeed_name_natural_idx" ON "dcim_powerfeed" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_powerfeed_default_order_idx" ON "dcim_powerfeed" USING btree ("power_panel_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_device_id_idx" ON "dcim_poweroutlet" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_module_id_idx" ON "dcim_poweroutlet" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_power_port_id_idx" ON "dcim_poweroutlet" USING btree ("power_port_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_owner_id_idx" ON "dcim_poweroutlet" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_name_natural_idx" ON "dcim_poweroutlet" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_default_order_idx" ON "dcim_poweroutlet" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlettemplate_device_type_id_idx" ON "dcim_poweroutlettemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlettemplate_module_type_id_idx" ON "dcim_poweroutlettemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlettemplate_power_port_id_idx" ON "dcim_poweroutlettemplate" USING btree ("power_port_id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlettemplate_name_natural_idx" ON "dcim_poweroutlettemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlettemplate_default_order_idx" ON "dcim_poweroutlettemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_powerpanel_site_id_idx" ON "dcim_powerpanel" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "dcim_powerpanel_location_id_idx" ON "dcim_powerpanel" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "dcim_powerpanel_owner_id_idx" ON "dcim_powerpanel" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_powerpanel_name_natural_idx" ON "dcim_powerpanel" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_powerpanel_default_order_idx" ON "dcim_powerpanel" USING btree ("site_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_powerport_device_id_idx" ON "dcim_powerport" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_powerport_module_id_idx" ON "dcim_powerport" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_powerport_owner_id_idx" ON "dcim_powerport" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_powerport_name_natural_idx" ON "dcim_powerport" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_powerport_default_order_idx" ON "dcim_powerport" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_powerporttemplate_device_type_id_idx" ON "dcim_powerporttemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_powerporttemplate_module_type_id_idx" ON "dcim_powerporttemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_powerporttemplate_name_natural_idx" ON "dcim_powerporttemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_powerporttemplate_default_order_idx" ON "dcim_powerporttemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_rearport_device_id_idx" ON "dcim_rearport" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_rearport_module_id_idx" ON "dcim_rearport" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "dcim_rearport_owner_id_idx" ON "dcim_rearport" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_rearport_name_natural_idx" ON "dcim_rearport" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_rearport_default_order_idx" ON "dcim_rearport" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_rearporttemplate_device_type_id_idx" ON "dcim_rearporttemplate" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_rearporttemplate_module_type_id_idx" ON "dcim_rearporttemplate" USING btree ("module_type_id");--> statement-breakpoint
CREATE INDEX "dcim_rearporttemplate_name_natural_idx" ON "dcim_rearporttemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_rearporttemplate_default_order_idx" ON "dcim_rearporttemplate" USING btree ("device_type_id", "module_type_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_module_id_dcim_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."dcim_module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcim_interface_module_id_idx" ON "dcim_interface" USING btree ("module_id");