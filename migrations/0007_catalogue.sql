CREATE TABLE "users_owner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"group_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "users_owner_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users_owner_user_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "users_owner_user_groups_uniq" UNIQUE("owner_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "users_owner_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "users_owner_users_uniq" UNIQUE("owner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users_ownergroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "users_ownergroup_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "circuits_circuittype" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "circuits_provider" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_devicerole" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_devicetype" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_manufacturer" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_platform" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_rackrole" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_region" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_sitegroup" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "extras_customfield" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "extras_customfieldchoiceset" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "extras_eventrule" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "extras_webhook" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_aggregate" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_asn" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_ipaddress" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_iprange" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_prefix" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_rir" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_role" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_service" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_vlangroup" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_vrf" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_contact" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_contactgroup" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_contactrole" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_tenant" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "tenancy_tenantgroup" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_cluster" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_clustergroup" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_clustertype" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "users_owner" ADD CONSTRAINT "users_owner_group_id_users_ownergroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users_ownergroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_owner_user_groups" ADD CONSTRAINT "users_owner_user_groups_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_owner_user_groups" ADD CONSTRAINT "users_owner_user_groups_group_id_users_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_owner_users" ADD CONSTRAINT "users_owner_users_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_owner_users" ADD CONSTRAINT "users_owner_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_owner_group_id_idx" ON "users_owner" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "users_owner_name_natural_idx" ON "users_owner" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "users_owner_user_groups_group_id_idx" ON "users_owner_user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "users_owner_users_user_id_idx" ON "users_owner_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_ownergroup_name_natural_idx" ON "users_ownergroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD CONSTRAINT "circuits_circuit_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_circuittype" ADD CONSTRAINT "circuits_circuittype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_provider" ADD CONSTRAINT "circuits_provider_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_device" ADD CONSTRAINT "dcim_device_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "dcim_devicerole_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_devicetype" ADD CONSTRAINT "dcim_devicetype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_location" ADD CONSTRAINT "dcim_location_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_manufacturer" ADD CONSTRAINT "dcim_manufacturer_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_platform" ADD CONSTRAINT "dcim_platform_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rack" ADD CONSTRAINT "dcim_rack_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_rackrole" ADD CONSTRAINT "dcim_rackrole_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_region" ADD CONSTRAINT "dcim_region_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_site" ADD CONSTRAINT "dcim_site_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_sitegroup" ADD CONSTRAINT "dcim_sitegroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_customfield" ADD CONSTRAINT "extras_customfield_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_customfieldchoiceset" ADD CONSTRAINT "extras_customfieldchoiceset_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_eventrule" ADD CONSTRAINT "extras_eventrule_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras_webhook" ADD CONSTRAINT "extras_webhook_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_aggregate" ADD CONSTRAINT "ipam_aggregate_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asn" ADD CONSTRAINT "ipam_asn_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_ipaddress" ADD CONSTRAINT "ipam_ipaddress_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_iprange" ADD CONSTRAINT "ipam_iprange_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_prefix" ADD CONSTRAINT "ipam_prefix_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_rir" ADD CONSTRAINT "ipam_rir_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_role" ADD CONSTRAINT "ipam_role_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_service" ADD CONSTRAINT "ipam_service_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlan" ADD CONSTRAINT "ipam_vlan_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlangroup" ADD CONSTRAINT "ipam_vlangroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vrf" ADD CONSTRAINT "ipam_vrf_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contact" ADD CONSTRAINT "tenancy_contact_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contactgroup" ADD CONSTRAINT "tenancy_contactgroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contactrole" ADD CONSTRAINT "tenancy_contactrole_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenant" ADD CONSTRAINT "tenancy_tenant_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenantgroup" ADD CONSTRAINT "tenancy_tenantgroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "virtualization_cluster_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_clustergroup" ADD CONSTRAINT "virtualization_clustergroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_clustertype" ADD CONSTRAINT "virtualization_clustertype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuits_circuit_owner_id_idx" ON "circuits_circuit" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_circuittype_owner_id_idx" ON "circuits_circuittype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_provider_owner_id_idx" ON "circuits_provider" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_device_owner_id_idx" ON "dcim_device" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_devicerole_owner_id_idx" ON "dcim_devicerole" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_devicetype_owner_id_idx" ON "dcim_devicetype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_owner_id_idx" ON "dcim_interface" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_location_owner_id_idx" ON "dcim_location" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_manufacturer_owner_id_idx" ON "dcim_manufacturer" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_platform_owner_id_idx" ON "dcim_platform" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_rack_owner_id_idx" ON "dcim_rack" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_rackrole_owner_id_idx" ON "dcim_rackrole" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_region_owner_id_idx" ON "dcim_region" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_site_owner_id_idx" ON "dcim_site" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dcim_sitegroup_owner_id_idx" ON "dcim_sitegroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_customfield_owner_id_idx" ON "extras_customfield" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_customfieldchoiceset_owner_id_idx" ON "extras_customfieldchoiceset" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_eventrule_owner_id_idx" ON "extras_eventrule" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "extras_webhook_owner_id_idx" ON "extras_webhook" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_aggregate_owner_id_idx" ON "ipam_aggregate" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_asn_owner_id_idx" ON "ipam_asn" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_ipaddress_owner_id_idx" ON "ipam_ipaddress" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_iprange_owner_id_idx" ON "ipam_iprange" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_owner_id_idx" ON "ipam_prefix" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_rir_owner_id_idx" ON "ipam_rir" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_role_owner_id_idx" ON "ipam_role" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_service_owner_id_idx" ON "ipam_service" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_owner_id_idx" ON "ipam_vlan" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_vlangroup_owner_id_idx" ON "ipam_vlangroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_owner_id_idx" ON "ipam_vrf" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tenancy_contact_owner_id_idx" ON "tenancy_contact" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactgroup_owner_id_idx" ON "tenancy_contactgroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactrole_owner_id_idx" ON "tenancy_contactrole" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenant_owner_id_idx" ON "tenancy_tenant" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenantgroup_owner_id_idx" ON "tenancy_tenantgroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_cluster_owner_id_idx" ON "virtualization_cluster" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_clustergroup_owner_id_idx" ON "virtualization_clustergroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_clustertype_owner_id_idx" ON "virtualization_clustertype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_owner_id_idx" ON "virtualization_virtualmachine" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_owner_id_idx" ON "virtualization_vminterface" USING btree ("owner_id");