CREATE TABLE "dcim_interface_vdcs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"interface_id" bigint NOT NULL,
	"virtualdevicecontext_id" bigint NOT NULL,
	CONSTRAINT "dcim_interface_vdcs_uniq" UNIQUE("interface_id","virtualdevicecontext_id")
);
--> statement-breakpoint
CREATE TABLE "dcim_macaddress" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mac_address" varchar(18) NOT NULL,
	"assigned_object_type" varchar(100),
	"assigned_object_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "dcim_rackgroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_rackgroup_name_uniq" UNIQUE("name"),
	CONSTRAINT "dcim_rackgroup_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_rackreservation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rack_id" bigint NOT NULL,
	"units" integer[] DEFAULT '{}' NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"user_id" bigint NOT NULL,
	"tenant_id" bigint,
	"description" varchar(200) NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dcim_racktype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"manufacturer_id" bigint NOT NULL,
	"model" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"form_factor" varchar(50) NOT NULL,
	"width" integer DEFAULT 19 NOT NULL,
	"u_height" integer DEFAULT 42 NOT NULL,
	"starting_unit" integer DEFAULT 1 NOT NULL,
	"desc_units" boolean DEFAULT false NOT NULL,
	"outer_width" integer,
	"outer_height" integer,
	"outer_depth" integer,
	"outer_unit" varchar(50),
	"weight" numeric(8, 2),
	"max_weight" integer,
	"weight_unit" varchar(50),
	"mounting_depth" integer,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_racktype_manufacturer_model_uniq" UNIQUE("manufacturer_id","model"),
	CONSTRAINT "dcim_racktype_manufacturer_slug_uniq" UNIQUE("manufacturer_id","slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_virtualchassis" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"domain" varchar(30) DEFAULT '' NOT NULL,
	"master_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_virtualchassis_master_uniq" UNIQUE("master_id")
);
--> statement-breakpoint
CREATE TABLE "dcim_virtualdevicecontext" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"device_id" bigint NOT NULL,
	"identifier" integer,
	"tenant_id" bigint,
	"primary_ip4_id" bigint,
	"primary_ip6_id" bigint,
	"status" varchar(50) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_virtualdevicecontext_device_name_uniq" UNIQUE("device_id","name"),
	CONSTRAINT "dcim_virtualdevicecontext_device_identifier_uniq" UNIQUE("device_id","identifier")
);
--> statement-breakpoint
ALTER TABLE "dcim_device" ADD COLUMN "virtual_chassis_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "primary_mac_address_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "rf_channel" varchar(50);--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "rf_channel_frequency" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "rf_channel_width" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "qinq_svlan_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD COLUMN "rack_type_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD COLUMN "qinq_svlan_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD COLUMN "primary_mac_address_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD COLUMN "qinq_svlan_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_interface_vdcs" ADD CONSTRAINT "dcim_interface_vdcs_interface_id_dcim_interface_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface_vdcs" ADD CONSTRAINT "dcim_interface_vdcs_virtualdevicecontext_id_dcim_virtualdevicecontext_id_fk" FOREIGN KEY ("virtualdevicecontext_id") REFERENCES "public"."dcim_virtualdevicecontext"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_macaddress" ADD CONSTRAINT "dcim_macaddress_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rackgroup" ADD CONSTRAINT "dcim_rackgroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rackreservation" ADD CONSTRAINT "dcim_rackreservation_rack_id_dcim_rack_id_fk" FOREIGN KEY ("rack_id") REFERENCES "public"."dcim_rack"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rackreservation" ADD CONSTRAINT "dcim_rackreservation_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rackreservation" ADD CONSTRAINT "dcim_rackreservation_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rackreservation" ADD CONSTRAINT "dcim_rackreservation_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_racktype" ADD CONSTRAINT "dcim_racktype_manufacturer_id_dcim_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."dcim_manufacturer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_racktype" ADD CONSTRAINT "dcim_racktype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualchassis" ADD CONSTRAINT "dcim_virtualchassis_master_id_dcim_device_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualchassis" ADD CONSTRAINT "dcim_virtualchassis_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualdevicecontext" ADD CONSTRAINT "dcim_virtualdevicecontext_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualdevicecontext" ADD CONSTRAINT "dcim_virtualdevicecontext_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualdevicecontext" ADD CONSTRAINT "dcim_virtualdevicecontext_primary_ip4_id_ipam_ipaddress_id_fk" FOREIGN KEY ("primary_ip4_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualdevicecontext" ADD CONSTRAINT "dcim_virtualdevicecontext_primary_ip6_id_ipam_ipaddress_id_fk" FOREIGN KEY ("primary_ip6_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_virtualdevicecontext" ADD CONSTRAINT "dcim_virtualdevicecontext_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcim_interface_vdcs_virtualdevicecontext_id_idx" ON "dcim_interface_vdcs" USING btree ("virtualdevicecontext_id");--> statement-breakpoint
CREATE INDEX "dcim_macaddress_assigned_object_type_assigned_object_id_idx" ON "dcim_macaddress" USING btree ("assigned_object_type","assigned_object_id");--> statement-breakpoint
CREATE INDEX "dcim_macaddress_owner_id_idx" ON "dcim_macaddress" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_macaddress_mac_address_order_idx" ON "dcim_macaddress" USING btree ("mac_address","id");--> statement-breakpoint
CREATE INDEX "dcim_rackgroup_owner_id_idx" ON "dcim_rackgroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_rackgroup_name_natural_idx" ON "dcim_rackgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_rackreservation_rack_id_idx" ON "dcim_rackreservation" USING btree ("rack_id");--> statement-breakpoint
CREATE INDEX "dcim_rackreservation_user_id_idx" ON "dcim_rackreservation" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dcim_rackreservation_tenant_id_idx" ON "dcim_rackreservation" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_rackreservation_owner_id_idx" ON "dcim_rackreservation" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_rackreservation_created_order_idx" ON "dcim_rackreservation" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "dcim_racktype_manufacturer_id_idx" ON "dcim_racktype" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "dcim_racktype_owner_id_idx" ON "dcim_racktype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_racktype_model_order_idx" ON "dcim_racktype" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "dcim_racktype_default_order_idx" ON "dcim_racktype" USING btree ("manufacturer_id", "model", "id");--> statement-breakpoint
CREATE INDEX "dcim_virtualchassis_master_id_idx" ON "dcim_virtualchassis" USING btree ("master_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualchassis_owner_id_idx" ON "dcim_virtualchassis" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualchassis_name_natural_idx" ON "dcim_virtualchassis" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_virtualdevicecontext_device_id_idx" ON "dcim_virtualdevicecontext" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualdevicecontext_tenant_id_idx" ON "dcim_virtualdevicecontext" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualdevicecontext_primary_ip4_id_idx" ON "dcim_virtualdevicecontext" USING btree ("primary_ip4_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualdevicecontext_primary_ip6_id_idx" ON "dcim_virtualdevicecontext" USING btree ("primary_ip6_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualdevicecontext_owner_id_idx" ON "dcim_virtualdevicecontext" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_virtualdevicecontext_name_natural_idx" ON "dcim_virtualdevicecontext" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_virtual_chassis_id_dcim_virtualchassis_id_fk" FOREIGN KEY ("virtual_chassis_id") REFERENCES "public"."dcim_virtualchassis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_primary_mac_address_id_dcim_macaddress_id_fk" FOREIGN KEY ("primary_mac_address_id") REFERENCES "public"."dcim_macaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_qinq_svlan_id_ipam_vlan_id_fk" FOREIGN KEY ("qinq_svlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_group_id_dcim_rackgroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dcim_rackgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_rack_type_id_dcim_racktype_id_fk" FOREIGN KEY ("rack_type_id") REFERENCES "public"."dcim_racktype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD CONSTRAINT "ipam_vlan_qinq_svlan_id_ipam_vlan_id_fk" FOREIGN KEY ("qinq_svlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_primary_mac_address_id_dcim_macaddress_id_fk" FOREIGN KEY ("primary_mac_address_id") REFERENCES "public"."dcim_macaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_qinq_svlan_id_ipam_vlan_id_fk" FOREIGN KEY ("qinq_svlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcim_device_virtual_chassis_id_idx" ON "dcim_device" USING btree ("virtual_chassis_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_primary_mac_address_id_idx" ON "dcim_interface" USING btree ("primary_mac_address_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_qinq_svlan_id_idx" ON "dcim_interface" USING btree ("qinq_svlan_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_group_id_idx" ON "dcim_rack" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_rack_type_id_idx" ON "dcim_rack" USING btree ("rack_type_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_qinq_svlan_id_idx" ON "ipam_vlan" USING btree ("qinq_svlan_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_primary_mac_address_id_idx" ON "virtualization_vminterface" USING btree ("primary_mac_address_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_qinq_svlan_id_idx" ON "virtualization_vminterface" USING btree ("qinq_svlan_id");--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_primary_mac_address_uniq" UNIQUE("primary_mac_address_id");--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_primary_mac_address_uniq" UNIQUE("primary_mac_address_id");