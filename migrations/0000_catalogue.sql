CREATE TABLE "circuits_circuit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cid" varchar(100) NOT NULL,
	"provider_id" bigint NOT NULL,
	"type_id" bigint NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"tenant_id" bigint,
	"install_date" date,
	"termination_date" date,
	"commit_rate" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"distance" numeric(8, 2),
	"distance_unit" varchar(50),
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_circuit_provider_cid_uniq" UNIQUE("provider_id","cid")
);
--> statement-breakpoint
CREATE TABLE "circuits_circuittermination" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"circuit_id" bigint NOT NULL,
	"term_side" varchar(50) NOT NULL,
	"termination_type" varchar(100),
	"termination_id" bigint,
	"port_speed" integer,
	"upstream_speed" integer,
	"xconnect_id" varchar(50) DEFAULT '' NOT NULL,
	"pp_info" varchar(100) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_circuittermination_circuit_term_side_uniq" UNIQUE("circuit_id","term_side")
);
--> statement-breakpoint
CREATE TABLE "circuits_circuittype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_circuittype_name_uniq" UNIQUE("name"),
	CONSTRAINT "circuits_circuittype_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "circuits_provider" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_provider_name_uniq" UNIQUE("name"),
	CONSTRAINT "circuits_provider_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "circuits_provider_asns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"asn_id" bigint NOT NULL,
	CONSTRAINT "circuits_provider_asns_uniq" UNIQUE("provider_id","asn_id")
);
--> statement-breakpoint
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
CREATE TABLE "core_objecttype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_label" varchar(100) NOT NULL,
	"app_name" varchar(100) DEFAULT '' NOT NULL,
	"model" varchar(100) NOT NULL,
	"model_name" varchar(100) DEFAULT '' NOT NULL,
	"model_name_plural" varchar(100) DEFAULT '' NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"is_plugin_model" boolean DEFAULT false NOT NULL,
	"rest_api_endpoint" varchar(200),
	"description" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "core_objecttype_app_label_model_uniq" UNIQUE("app_label","model")
);
--> statement-breakpoint
CREATE TABLE "dcim_device" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64),
	"device_type_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"tenant_id" bigint,
	"platform_id" bigint,
	"serial" varchar(50) DEFAULT '' NOT NULL,
	"asset_tag" varchar(50),
	"site_id" bigint NOT NULL,
	"location_id" bigint,
	"rack_id" bigint,
	"position" numeric(4, 1),
	"face" varchar(50),
	"latitude" numeric(8, 6),
	"longitude" numeric(9, 6),
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"airflow" varchar(50),
	"primary_ip4_id" bigint,
	"primary_ip6_id" bigint,
	"oob_ip_id" bigint,
	"cluster_id" bigint,
	"vc_position" integer,
	"vc_priority" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"local_context_data" jsonb,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_device_asset_tag_uniq" UNIQUE("asset_tag")
);
--> statement-breakpoint
CREATE TABLE "dcim_devicerole" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"parent_id" bigint,
	"color" varchar(6) DEFAULT '9e9e9e' NOT NULL,
	"vm_role" boolean DEFAULT true NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_devicerole_parent_name_uniq" UNIQUE("parent_id","name"),
	CONSTRAINT "dcim_devicerole_parent_slug_uniq" UNIQUE("parent_id","slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_devicetype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"manufacturer_id" bigint NOT NULL,
	"default_platform_id" bigint,
	"model" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"part_number" varchar(50) DEFAULT '' NOT NULL,
	"u_height" numeric(4, 1) DEFAULT '1' NOT NULL,
	"exclude_from_utilization" boolean DEFAULT false NOT NULL,
	"is_full_depth" boolean DEFAULT true NOT NULL,
	"subdevice_role" varchar(50),
	"airflow" varchar(50),
	"weight" numeric(8, 2),
	"weight_unit" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_devicetype_manufacturer_model_uniq" UNIQUE("manufacturer_id","model"),
	CONSTRAINT "dcim_devicetype_manufacturer_slug_uniq" UNIQUE("manufacturer_id","slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_interface" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"label" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(50) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"parent_id" bigint,
	"bridge_id" bigint,
	"lag_id" bigint,
	"mtu" integer,
	"mac_address" varchar(18),
	"speed" integer,
	"duplex" varchar(50),
	"wwn" varchar(23),
	"mgmt_only" boolean DEFAULT false NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mode" varchar(50),
	"rf_role" varchar(50),
	"poe_mode" varchar(50),
	"poe_type" varchar(50),
	"tx_power" integer,
	"untagged_vlan_id" bigint,
	"vrf_id" bigint,
	"mark_connected" boolean DEFAULT false NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_interface_device_name_uniq" UNIQUE("device_id","name")
);
--> statement-breakpoint
CREATE TABLE "dcim_interface_tagged_vlans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"interface_id" bigint NOT NULL,
	"vlan_id" bigint NOT NULL,
	CONSTRAINT "dcim_interface_tagged_vlans_uniq" UNIQUE("interface_id","vlan_id")
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
CREATE TABLE "dcim_manufacturer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_manufacturer_name_uniq" UNIQUE("name"),
	CONSTRAINT "dcim_manufacturer_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_platform" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"parent_id" bigint,
	"manufacturer_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "dcim_platform_manufacturer_name_uniq" UNIQUE("manufacturer_id","name"),
	CONSTRAINT "dcim_platform_manufacturer_slug_uniq" UNIQUE("manufacturer_id","slug")
);
--> statement-breakpoint
CREATE TABLE "dcim_rack" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"facility_id" varchar(50),
	"site_id" bigint NOT NULL,
	"location_id" bigint,
	"tenant_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"role_id" bigint,
	"serial" varchar(50) DEFAULT '' NOT NULL,
	"asset_tag" varchar(50),
	"form_factor" varchar(50),
	"width" integer DEFAULT 19 NOT NULL,
	"u_height" integer DEFAULT 42 NOT NULL,
	"starting_unit" integer DEFAULT 1 NOT NULL,
	"weight" numeric(8, 2),
	"max_weight" integer,
	"weight_unit" varchar(50),
	"desc_units" boolean DEFAULT false NOT NULL,
	"outer_width" integer,
	"outer_height" integer,
	"outer_depth" integer,
	"outer_unit" varchar(50),
	"mounting_depth" integer,
	"airflow" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_rack_asset_tag_uniq" UNIQUE("asset_tag"),
	CONSTRAINT "dcim_rack_location_name_uniq" UNIQUE("location_id","name"),
	CONSTRAINT "dcim_rack_location_facility_id_uniq" UNIQUE("location_id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "dcim_rackrole" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"color" varchar(6) DEFAULT '9e9e9e' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "dcim_rackrole_name_uniq" UNIQUE("name"),
	CONSTRAINT "dcim_rackrole_slug_uniq" UNIQUE("slug")
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
CREATE TABLE "dcim_site_asns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"asn_id" bigint NOT NULL,
	CONSTRAINT "dcim_site_asns_uniq" UNIQUE("site_id","asn_id")
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
CREATE TABLE "ipam_aggregate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prefix" "cidr" NOT NULL,
	"rir_id" bigint NOT NULL,
	"tenant_id" bigint,
	"date_added" date,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "ipam_asn" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asn" bigint NOT NULL,
	"rir_id" bigint NOT NULL,
	"tenant_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_asn_asn_uniq" UNIQUE("asn")
);
--> statement-breakpoint
CREATE TABLE "ipam_ipaddress" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" "inet" NOT NULL,
	"vrf_id" bigint,
	"tenant_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"role" varchar(50),
	"assigned_object_type" varchar(100),
	"assigned_object_id" bigint,
	"nat_inside_id" bigint,
	"dns_name" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "ipam_iprange" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"start_address" "inet" NOT NULL,
	"end_address" "inet" NOT NULL,
	"vrf_id" bigint,
	"tenant_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"role_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"mark_populated" boolean DEFAULT false NOT NULL,
	"mark_utilized" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipam_prefix" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prefix" "cidr" NOT NULL,
	"vrf_id" bigint,
	"scope_type" varchar(100),
	"scope_id" bigint,
	"tenant_id" bigint,
	"vlan_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"role_id" bigint,
	"is_pool" boolean DEFAULT false NOT NULL,
	"mark_utilized" boolean DEFAULT false NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "ipam_rir" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_rir_name_uniq" UNIQUE("name"),
	CONSTRAINT "ipam_rir_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ipam_role" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"weight" integer DEFAULT 1000 NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_role_name_uniq" UNIQUE("name"),
	CONSTRAINT "ipam_role_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ipam_service" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_object_type" varchar(100),
	"parent_object_id" bigint,
	"name" varchar(100) NOT NULL,
	"protocol" varchar(50) NOT NULL,
	"ports" integer[] DEFAULT '{}' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "ipam_service_ipaddresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"ipaddress_id" bigint NOT NULL,
	CONSTRAINT "ipam_service_ipaddresses_uniq" UNIQUE("service_id","ipaddress_id")
);
--> statement-breakpoint
CREATE TABLE "ipam_vlan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint,
	"group_id" bigint,
	"vid" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"tenant_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"role_id" bigint,
	"qinq_role" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_vlan_group_vid_uniq" UNIQUE("group_id","vid"),
	CONSTRAINT "ipam_vlan_group_name_uniq" UNIQUE("group_id","name")
);
--> statement-breakpoint
CREATE TABLE "ipam_vlangroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"scope_type" varchar(100),
	"scope_id" bigint,
	"vid_ranges" jsonb DEFAULT '[[1,4094]]'::jsonb NOT NULL,
	"tenant_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_vlangroup_scope_type_scope_id_name_uniq" UNIQUE("scope_type","scope_id","name"),
	CONSTRAINT "ipam_vlangroup_scope_type_scope_id_slug_uniq" UNIQUE("scope_type","scope_id","slug")
);
--> statement-breakpoint
CREATE TABLE "ipam_vrf" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"rd" varchar(21),
	"tenant_id" bigint,
	"enforce_unique" boolean DEFAULT true NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_vrf_rd_uniq" UNIQUE("rd")
);
--> statement-breakpoint
CREATE TABLE "tenancy_contact" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(50) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"link" varchar(200) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "tenancy_contact_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" bigint NOT NULL,
	"contactgroup_id" bigint NOT NULL,
	CONSTRAINT "tenancy_contact_groups_uniq" UNIQUE("contact_id","contactgroup_id")
);
--> statement-breakpoint
CREATE TABLE "tenancy_contactgroup" (
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
	CONSTRAINT "tenancy_contactgroup_parent_name_uniq" UNIQUE("parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "tenancy_contactrole" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "tenancy_contactrole_name_uniq" UNIQUE("name"),
	CONSTRAINT "tenancy_contactrole_slug_uniq" UNIQUE("slug")
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
CREATE TABLE "users_group" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "users_group_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users_objectpermission" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"actions" text[] DEFAULT '{}' NOT NULL,
	"constraints" jsonb,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "users_objectpermission_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"objectpermission_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "users_objectpermission_groups_uniq" UNIQUE("objectpermission_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "users_objectpermission_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"objectpermission_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "users_objectpermission_users_uniq" UNIQUE("objectpermission_id","user_id")
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
CREATE TABLE "users_user_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "users_user_groups_uniq" UNIQUE("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "virtualization_cluster" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type_id" bigint NOT NULL,
	"group_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"tenant_id" bigint,
	"scope_type" varchar(100),
	"scope_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "virtualization_cluster_group_name_uniq" UNIQUE("group_id","name")
);
--> statement-breakpoint
CREATE TABLE "virtualization_clustergroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "virtualization_clustergroup_name_uniq" UNIQUE("name"),
	CONSTRAINT "virtualization_clustergroup_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "virtualization_clustertype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "virtualization_clustertype_name_uniq" UNIQUE("name"),
	CONSTRAINT "virtualization_clustertype_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "virtualization_virtualmachine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"start_on_boot" varchar(50) DEFAULT 'off' NOT NULL,
	"site_id" bigint,
	"cluster_id" bigint,
	"device_id" bigint,
	"role_id" bigint,
	"tenant_id" bigint,
	"platform_id" bigint,
	"primary_ip4_id" bigint,
	"primary_ip6_id" bigint,
	"vcpus" numeric(6, 2),
	"memory" integer,
	"disk" integer,
	"serial" varchar(50) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"local_context_data" jsonb,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "virtualization_vminterface" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"virtual_machine_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"parent_id" bigint,
	"bridge_id" bigint,
	"mtu" integer,
	"mac_address" varchar(18),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mode" varchar(50),
	"untagged_vlan_id" bigint,
	"vrf_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "virtualization_vminterface_virtual_machine_name_uniq" UNIQUE("virtual_machine_id","name")
);
--> statement-breakpoint
CREATE TABLE "virtualization_vminterface_tagged_vlans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vminterface_id" bigint NOT NULL,
	"vlan_id" bigint NOT NULL,
	CONSTRAINT "virtualization_vminterface_tagged_vlans_uniq" UNIQUE("vminterface_id","vlan_id")
);
--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD CONSTRAINT "circuits_circuit_provider_id_circuits_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."circuits_provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD CONSTRAINT "circuits_circuit_type_id_circuits_circuittype_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."circuits_circuittype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD CONSTRAINT "circuits_circuit_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_circuittermination" ADD CONSTRAINT "circuits_circuittermination_circuit_id_circuits_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits_circuit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_provider_asns" ADD CONSTRAINT "circuits_provider_asns_provider_id_circuits_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."circuits_provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_provider_asns" ADD CONSTRAINT "circuits_provider_asns_asn_id_ipam_asn_id_fk" FOREIGN KEY ("asn_id") REFERENCES "public"."ipam_asn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_objectchange" ADD CONSTRAINT "core_objectchange_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_device_type_id_dcim_devicetype_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."dcim_devicetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_role_id_dcim_devicerole_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."dcim_devicerole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_platform_id_dcim_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."dcim_platform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_location_id_dcim_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."dcim_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_rack_id_dcim_rack_id_fk" FOREIGN KEY ("rack_id") REFERENCES "public"."dcim_rack"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_primary_ip4_id_ipam_ipaddress_id_fk" FOREIGN KEY ("primary_ip4_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_primary_ip6_id_ipam_ipaddress_id_fk" FOREIGN KEY ("primary_ip6_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_oob_ip_id_ipam_ipaddress_id_fk" FOREIGN KEY ("oob_ip_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_cluster_id_virtualization_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."virtualization_cluster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "dcim_devicerole_parent_id_dcim_devicerole_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_devicerole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicetype" ADD CONSTRAINT "dcim_devicetype_manufacturer_id_dcim_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."dcim_manufacturer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicetype" ADD CONSTRAINT "dcim_devicetype_default_platform_id_dcim_platform_id_fk" FOREIGN KEY ("default_platform_id") REFERENCES "public"."dcim_platform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_parent_id_dcim_interface_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_bridge_id_dcim_interface_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_lag_id_dcim_interface_id_fk" FOREIGN KEY ("lag_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_untagged_vlan_id_ipam_vlan_id_fk" FOREIGN KEY ("untagged_vlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface_tagged_vlans" ADD CONSTRAINT "dcim_interface_tagged_vlans_interface_id_dcim_interface_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface_tagged_vlans" ADD CONSTRAINT "dcim_interface_tagged_vlans_vlan_id_ipam_vlan_id_fk" FOREIGN KEY ("vlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_parent_id_dcim_location_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_platform" ADD CONSTRAINT "dcim_platform_parent_id_dcim_platform_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_platform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_platform" ADD CONSTRAINT "dcim_platform_manufacturer_id_dcim_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."dcim_manufacturer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_location_id_dcim_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."dcim_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_role_id_dcim_rackrole_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."dcim_rackrole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_region" ADD CONSTRAINT "dcim_region_parent_id_dcim_region_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_region_id_dcim_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."dcim_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_group_id_dcim_sitegroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dcim_sitegroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site_asns" ADD CONSTRAINT "dcim_site_asns_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site_asns" ADD CONSTRAINT "dcim_site_asns_asn_id_ipam_asn_id_fk" FOREIGN KEY ("asn_id") REFERENCES "public"."ipam_asn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_sitegroup" ADD CONSTRAINT "dcim_sitegroup_parent_id_dcim_sitegroup_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dcim_sitegroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_customfield" ADD CONSTRAINT "extras_customfield_choice_set_id_extras_customfieldchoiceset_id_fk" FOREIGN KEY ("choice_set_id") REFERENCES "public"."extras_customfieldchoiceset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_taggeditem" ADD CONSTRAINT "extras_taggeditem_tag_id_extras_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."extras_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_aggregate" ADD CONSTRAINT "ipam_aggregate_rir_id_ipam_rir_id_fk" FOREIGN KEY ("rir_id") REFERENCES "public"."ipam_rir"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_aggregate" ADD CONSTRAINT "ipam_aggregate_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asn" ADD CONSTRAINT "ipam_asn_rir_id_ipam_rir_id_fk" FOREIGN KEY ("rir_id") REFERENCES "public"."ipam_rir"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asn" ADD CONSTRAINT "ipam_asn_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_ipaddress" ADD CONSTRAINT "ipam_ipaddress_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_ipaddress" ADD CONSTRAINT "ipam_ipaddress_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_ipaddress" ADD CONSTRAINT "ipam_ipaddress_nat_inside_id_ipam_ipaddress_id_fk" FOREIGN KEY ("nat_inside_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_iprange" ADD CONSTRAINT "ipam_iprange_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_iprange" ADD CONSTRAINT "ipam_iprange_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_iprange" ADD CONSTRAINT "ipam_iprange_role_id_ipam_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."ipam_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_prefix" ADD CONSTRAINT "ipam_prefix_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_prefix" ADD CONSTRAINT "ipam_prefix_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_prefix" ADD CONSTRAINT "ipam_prefix_vlan_id_ipam_vlan_id_fk" FOREIGN KEY ("vlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_prefix" ADD CONSTRAINT "ipam_prefix_role_id_ipam_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."ipam_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_service_ipaddresses" ADD CONSTRAINT "ipam_service_ipaddresses_service_id_ipam_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."ipam_service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_service_ipaddresses" ADD CONSTRAINT "ipam_service_ipaddresses_ipaddress_id_ipam_ipaddress_id_fk" FOREIGN KEY ("ipaddress_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD CONSTRAINT "ipam_vlan_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD CONSTRAINT "ipam_vlan_group_id_ipam_vlangroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ipam_vlangroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD CONSTRAINT "ipam_vlan_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD CONSTRAINT "ipam_vlan_role_id_ipam_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."ipam_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlangroup" ADD CONSTRAINT "ipam_vlangroup_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vrf" ADD CONSTRAINT "ipam_vrf_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contact_groups" ADD CONSTRAINT "tenancy_contact_groups_contact_id_tenancy_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."tenancy_contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contact_groups" ADD CONSTRAINT "tenancy_contact_groups_contactgroup_id_tenancy_contactgroup_id_fk" FOREIGN KEY ("contactgroup_id") REFERENCES "public"."tenancy_contactgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contactgroup" ADD CONSTRAINT "tenancy_contactgroup_parent_id_tenancy_contactgroup_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tenancy_contactgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenant" ADD CONSTRAINT "tenancy_tenant_group_id_tenancy_tenantgroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tenancy_tenantgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenantgroup" ADD CONSTRAINT "tenancy_tenantgroup_parent_id_tenancy_tenantgroup_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tenancy_tenantgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_objectpermission_groups" ADD CONSTRAINT "users_objectpermission_groups_objectpermission_id_users_objectpermission_id_fk" FOREIGN KEY ("objectpermission_id") REFERENCES "public"."users_objectpermission"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_objectpermission_groups" ADD CONSTRAINT "users_objectpermission_groups_group_id_users_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_objectpermission_users" ADD CONSTRAINT "users_objectpermission_users_objectpermission_id_users_objectpermission_id_fk" FOREIGN KEY ("objectpermission_id") REFERENCES "public"."users_objectpermission"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_objectpermission_users" ADD CONSTRAINT "users_objectpermission_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_token" ADD CONSTRAINT "users_token_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_user_groups" ADD CONSTRAINT "users_user_groups_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_user_groups" ADD CONSTRAINT "users_user_groups_group_id_users_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "virtualization_cluster_type_id_virtualization_clustertype_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."virtualization_clustertype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "virtualization_cluster_group_id_virtualization_clustergroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."virtualization_clustergroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "virtualization_cluster_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_site_id_dcim_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."dcim_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_cluster_id_virtualization_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."virtualization_cluster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_device_id_dcim_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dcim_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_role_id_dcim_devicerole_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."dcim_devicerole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_platform_id_dcim_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."dcim_platform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_primary_ip4_id_ipam_ipaddress_id_fk" FOREIGN KEY ("primary_ip4_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_primary_ip6_id_ipam_ipaddress_id_fk" FOREIGN KEY ("primary_ip6_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_virtual_machine_id_virtualization_virtualmachine_id_fk" FOREIGN KEY ("virtual_machine_id") REFERENCES "public"."virtualization_virtualmachine"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_parent_id_virtualization_vminterface_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."virtualization_vminterface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_bridge_id_virtualization_vminterface_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."virtualization_vminterface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_untagged_vlan_id_ipam_vlan_id_fk" FOREIGN KEY ("untagged_vlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface_tagged_vlans" ADD CONSTRAINT "virtualization_vminterface_tagged_vlans_vminterface_id_virtualization_vminterface_id_fk" FOREIGN KEY ("vminterface_id") REFERENCES "public"."virtualization_vminterface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface_tagged_vlans" ADD CONSTRAINT "virtualization_vminterface_tagged_vlans_vlan_id_ipam_vlan_id_fk" FOREIGN KEY ("vlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuits_circuit_provider_id_idx" ON "circuits_circuit" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "circuits_circuit_type_id_idx" ON "circuits_circuit" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "circuits_circuit_tenant_id_idx" ON "circuits_circuit" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "circuits_circuit_cid_order_idx" ON "circuits_circuit" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "circuits_circuittermination_circuit_id_idx" ON "circuits_circuittermination" USING btree ("circuit_id");--> statement-breakpoint
CREATE INDEX "circuits_circuittermination_termination_type_termination_id_idx" ON "circuits_circuittermination" USING btree ("termination_type","termination_id");--> statement-breakpoint
CREATE INDEX "circuits_circuittermination_term_side_order_idx" ON "circuits_circuittermination" USING btree ("term_side","id");--> statement-breakpoint
CREATE INDEX "circuits_circuittype_name_natural_idx" ON "circuits_circuittype" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "circuits_provider_name_natural_idx" ON "circuits_provider" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "circuits_provider_asns_asn_id_idx" ON "circuits_provider_asns" USING btree ("asn_id");--> statement-breakpoint
CREATE INDEX "core_objectchange_user_id_idx" ON "core_objectchange" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "core_objectchange_changed_object_type_changed_object_id_idx" ON "core_objectchange" USING btree ("changed_object_type","changed_object_id");--> statement-breakpoint
CREATE INDEX "core_objectchange_time_order_idx" ON "core_objectchange" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "core_objecttype_app_label_order_idx" ON "core_objecttype" USING btree ("app_label","id");--> statement-breakpoint
CREATE INDEX "core_objecttype_model_order_idx" ON "core_objecttype" USING btree ("model","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_device_name_site_tenant_ci_uniq" ON "dcim_device" USING btree (lower(name),"site_id","tenant_id") WHERE name IS NOT NULL AND tenant_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_device_name_site_ci_when_tenant_null_uniq" ON "dcim_device" USING btree (lower(name),"site_id") WHERE tenant_id IS NULL AND name IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dcim_device_device_type_id_idx" ON "dcim_device" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "dcim_device_role_id_idx" ON "dcim_device" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "dcim_device_tenant_id_idx" ON "dcim_device" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_device_platform_id_idx" ON "dcim_device" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "dcim_device_site_id_idx" ON "dcim_device" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "dcim_device_location_id_idx" ON "dcim_device" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "dcim_device_rack_id_idx" ON "dcim_device" USING btree ("rack_id");--> statement-breakpoint
CREATE INDEX "dcim_device_primary_ip4_id_idx" ON "dcim_device" USING btree ("primary_ip4_id");--> statement-breakpoint
CREATE INDEX "dcim_device_primary_ip6_id_idx" ON "dcim_device" USING btree ("primary_ip6_id");--> statement-breakpoint
CREATE INDEX "dcim_device_oob_ip_id_idx" ON "dcim_device" USING btree ("oob_ip_id");--> statement-breakpoint
CREATE INDEX "dcim_device_cluster_id_idx" ON "dcim_device" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "dcim_device_name_natural_idx" ON "dcim_device" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_devicerole_name_when_parent_null_uniq" ON "dcim_devicerole" USING btree ("name") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_devicerole_slug_when_parent_null_uniq" ON "dcim_devicerole" USING btree ("slug") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "dcim_devicerole_parent_id_idx" ON "dcim_devicerole" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_devicerole_name_natural_idx" ON "dcim_devicerole" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_devicerole__path_gin_idx" ON "dcim_devicerole" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_devicerole__sort_idx" ON "dcim_devicerole" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "dcim_devicetype_manufacturer_id_idx" ON "dcim_devicetype" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "dcim_devicetype_default_platform_id_idx" ON "dcim_devicetype" USING btree ("default_platform_id");--> statement-breakpoint
CREATE INDEX "dcim_devicetype_model_order_idx" ON "dcim_devicetype" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "dcim_interface_device_id_idx" ON "dcim_interface" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_parent_id_idx" ON "dcim_interface" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_bridge_id_idx" ON "dcim_interface" USING btree ("bridge_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_lag_id_idx" ON "dcim_interface" USING btree ("lag_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_untagged_vlan_id_idx" ON "dcim_interface" USING btree ("untagged_vlan_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_vrf_id_idx" ON "dcim_interface" USING btree ("vrf_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_name_natural_idx" ON "dcim_interface" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_interface_tagged_vlans_vlan_id_idx" ON "dcim_interface_tagged_vlans" USING btree ("vlan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_location_site_name_when_parent_null_uniq" ON "dcim_location" USING btree ("site_id","name") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_location_site_slug_when_parent_null_uniq" ON "dcim_location" USING btree ("site_id","slug") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "dcim_location_site_id_idx" ON "dcim_location" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "dcim_location_parent_id_idx" ON "dcim_location" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_location_tenant_id_idx" ON "dcim_location" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_location_name_natural_idx" ON "dcim_location" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_location__path_gin_idx" ON "dcim_location" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_location__sort_idx" ON "dcim_location" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "dcim_manufacturer_name_natural_idx" ON "dcim_manufacturer" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_platform_name_when_manufacturer_null_uniq" ON "dcim_platform" USING btree ("name") WHERE manufacturer_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dcim_platform_slug_when_manufacturer_null_uniq" ON "dcim_platform" USING btree ("slug") WHERE manufacturer_id IS NULL;--> statement-breakpoint
CREATE INDEX "dcim_platform_parent_id_idx" ON "dcim_platform" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dcim_platform_manufacturer_id_idx" ON "dcim_platform" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "dcim_platform_name_natural_idx" ON "dcim_platform" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_platform__path_gin_idx" ON "dcim_platform" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "dcim_platform__sort_idx" ON "dcim_platform" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "dcim_rack_site_id_idx" ON "dcim_rack" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_location_id_idx" ON "dcim_rack" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_tenant_id_idx" ON "dcim_rack" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_role_id_idx" ON "dcim_rack" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_name_natural_idx" ON "dcim_rack" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_rackrole_name_natural_idx" ON "dcim_rackrole" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
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
CREATE INDEX "dcim_site_asns_asn_id_idx" ON "dcim_site_asns" USING btree ("asn_id");--> statement-breakpoint
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
CREATE INDEX "ipam_aggregate_prefix_gist_idx" ON "ipam_aggregate" USING gist ("prefix" inet_ops);--> statement-breakpoint
CREATE INDEX "ipam_aggregate_rir_id_idx" ON "ipam_aggregate" USING btree ("rir_id");--> statement-breakpoint
CREATE INDEX "ipam_aggregate_tenant_id_idx" ON "ipam_aggregate" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_aggregate_prefix_order_idx" ON "ipam_aggregate" USING btree ("prefix","id");--> statement-breakpoint
CREATE INDEX "ipam_asn_rir_id_idx" ON "ipam_asn" USING btree ("rir_id");--> statement-breakpoint
CREATE INDEX "ipam_asn_tenant_id_idx" ON "ipam_asn" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_asn_asn_order_idx" ON "ipam_asn" USING btree ("asn","id");--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_address_gist_idx" ON "ipam_ipaddress" USING gist ("address" inet_ops);--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_vrf_id_idx" ON "ipam_ipaddress" USING btree ("vrf_id");--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_tenant_id_idx" ON "ipam_ipaddress" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_assigned_object_type_assigned_object_id_idx" ON "ipam_ipaddress" USING btree ("assigned_object_type","assigned_object_id");--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_nat_inside_id_idx" ON "ipam_ipaddress" USING btree ("nat_inside_id");--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_address_order_idx" ON "ipam_ipaddress" USING btree ("address","id");--> statement-breakpoint
CREATE INDEX "ipam_iprange_start_address_gist_idx" ON "ipam_iprange" USING gist ("start_address" inet_ops);--> statement-breakpoint
CREATE INDEX "ipam_iprange_end_address_gist_idx" ON "ipam_iprange" USING gist ("end_address" inet_ops);--> statement-breakpoint
CREATE INDEX "ipam_iprange_vrf_id_idx" ON "ipam_iprange" USING btree ("vrf_id");--> statement-breakpoint
CREATE INDEX "ipam_iprange_tenant_id_idx" ON "ipam_iprange" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_iprange_role_id_idx" ON "ipam_iprange" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "ipam_iprange_start_address_order_idx" ON "ipam_iprange" USING btree ("start_address","id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_prefix_gist_idx" ON "ipam_prefix" USING gist ("prefix" inet_ops);--> statement-breakpoint
CREATE INDEX "ipam_prefix_vrf_id_idx" ON "ipam_prefix" USING btree ("vrf_id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_scope_type_scope_id_idx" ON "ipam_prefix" USING btree ("scope_type","scope_id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_tenant_id_idx" ON "ipam_prefix" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_vlan_id_idx" ON "ipam_prefix" USING btree ("vlan_id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_role_id_idx" ON "ipam_prefix" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_prefix_order_idx" ON "ipam_prefix" USING btree ("prefix","id");--> statement-breakpoint
CREATE INDEX "ipam_rir_name_natural_idx" ON "ipam_rir" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_role_name_natural_idx" ON "ipam_role" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_role_weight_order_idx" ON "ipam_role" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "ipam_service_parent_object_type_parent_object_id_idx" ON "ipam_service" USING btree ("parent_object_type","parent_object_id");--> statement-breakpoint
CREATE INDEX "ipam_service_name_natural_idx" ON "ipam_service" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_service_protocol_order_idx" ON "ipam_service" USING btree ("protocol","id");--> statement-breakpoint
CREATE INDEX "ipam_service_ports_order_idx" ON "ipam_service" USING btree ("ports","id");--> statement-breakpoint
CREATE INDEX "ipam_service_ipaddresses_ipaddress_id_idx" ON "ipam_service_ipaddresses" USING btree ("ipaddress_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_site_id_idx" ON "ipam_vlan" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_group_id_idx" ON "ipam_vlan" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_tenant_id_idx" ON "ipam_vlan" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_role_id_idx" ON "ipam_vlan" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_name_natural_idx" ON "ipam_vlan" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_vid_order_idx" ON "ipam_vlan" USING btree ("vid","id");--> statement-breakpoint
CREATE INDEX "ipam_vlangroup_scope_type_scope_id_idx" ON "ipam_vlangroup" USING btree ("scope_type","scope_id");--> statement-breakpoint
CREATE INDEX "ipam_vlangroup_tenant_id_idx" ON "ipam_vlangroup" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_vlangroup_name_natural_idx" ON "ipam_vlangroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_tenant_id_idx" ON "ipam_vrf" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_name_natural_idx" ON "ipam_vrf" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_rd_order_idx" ON "ipam_vrf" USING btree ("rd","id");--> statement-breakpoint
CREATE INDEX "tenancy_contact_name_natural_idx" ON "tenancy_contact" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "tenancy_contact_groups_contactgroup_id_idx" ON "tenancy_contact_groups" USING btree ("contactgroup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_contactgroup_name_when_parent_null_uniq" ON "tenancy_contactgroup" USING btree ("name") WHERE parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "tenancy_contactgroup_parent_id_idx" ON "tenancy_contactgroup" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactgroup_name_natural_idx" ON "tenancy_contactgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "tenancy_contactgroup__path_gin_idx" ON "tenancy_contactgroup" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "tenancy_contactgroup__sort_idx" ON "tenancy_contactgroup" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "tenancy_contactrole_name_natural_idx" ON "tenancy_contactrole" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_tenant_name_when_group_null_uniq" ON "tenancy_tenant" USING btree ("name") WHERE group_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_tenant_slug_when_group_null_uniq" ON "tenancy_tenant" USING btree ("slug") WHERE group_id IS NULL;--> statement-breakpoint
CREATE INDEX "tenancy_tenant_group_id_idx" ON "tenancy_tenant" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenant_name_natural_idx" ON "tenancy_tenant" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup_parent_id_idx" ON "tenancy_tenantgroup" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup_name_natural_idx" ON "tenancy_tenantgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup__path_gin_idx" ON "tenancy_tenantgroup" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup__sort_idx" ON "tenancy_tenantgroup" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "users_group_name_natural_idx" ON "users_group" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "users_objectpermission_name_natural_idx" ON "users_objectpermission" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "users_objectpermission_groups_group_id_idx" ON "users_objectpermission_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "users_objectpermission_users_user_id_idx" ON "users_objectpermission_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_token_user_id_idx" ON "users_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_token_created_order_idx" ON "users_token" USING btree ("created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_username_ci_uniq" ON "users_user" USING btree (lower(username));--> statement-breakpoint
CREATE INDEX "users_user_username_order_idx" ON "users_user" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "users_user_groups_group_id_idx" ON "users_user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "virtualization_cluster_type_id_idx" ON "virtualization_cluster" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "virtualization_cluster_group_id_idx" ON "virtualization_cluster" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "virtualization_cluster_tenant_id_idx" ON "virtualization_cluster" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "virtualization_cluster_scope_type_scope_id_idx" ON "virtualization_cluster" USING btree ("scope_type","scope_id");--> statement-breakpoint
CREATE INDEX "virtualization_cluster_name_natural_idx" ON "virtualization_cluster" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "virtualization_clustergroup_name_natural_idx" ON "virtualization_clustergroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "virtualization_clustertype_name_natural_idx" ON "virtualization_clustertype" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtualization_virtualmachine_cluster_tenant_name_ci_uniq" ON "virtualization_virtualmachine" USING btree ("cluster_id","tenant_id",lower(name)) WHERE cluster_id IS NOT NULL AND tenant_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "virtualization_virtualmachine_cluster_name_ci_when_ten_bf025d42" ON "virtualization_virtualmachine" USING btree ("cluster_id",lower(name)) WHERE tenant_id IS NULL AND cluster_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_site_id_idx" ON "virtualization_virtualmachine" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_cluster_id_idx" ON "virtualization_virtualmachine" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_device_id_idx" ON "virtualization_virtualmachine" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_role_id_idx" ON "virtualization_virtualmachine" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_tenant_id_idx" ON "virtualization_virtualmachine" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_platform_id_idx" ON "virtualization_virtualmachine" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_primary_ip4_id_idx" ON "virtualization_virtualmachine" USING btree ("primary_ip4_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_primary_ip6_id_idx" ON "virtualization_virtualmachine" USING btree ("primary_ip6_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_name_natural_idx" ON "virtualization_virtualmachine" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_virtual_machine_id_idx" ON "virtualization_vminterface" USING btree ("virtual_machine_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_parent_id_idx" ON "virtualization_vminterface" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_bridge_id_idx" ON "virtualization_vminterface" USING btree ("bridge_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_untagged_vlan_id_idx" ON "virtualization_vminterface" USING btree ("untagged_vlan_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_vrf_id_idx" ON "virtualization_vminterface" USING btree ("vrf_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_name_natural_idx" ON "virtualization_vminterface" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_tagged_vlans_vlan_id_idx" ON "virtualization_vminterface_tagged_vlans" USING btree ("vlan_id");