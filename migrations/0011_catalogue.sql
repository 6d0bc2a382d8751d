CREATE TABLE "dcim_interface_wireless_lans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"interface_id" bigint NOT NULL,
	"wirelesslan_id" bigint NOT NULL,
	CONSTRAINT "dcim_interface_wireless_lans_uniq" UNIQUE("interface_id","wirelesslan_id")
);
--> statement-breakpoint
CREATE TABLE "vpn_ikepolicy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 2 NOT NULL,
	"mode" varchar(50),
	"preshared_key" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_ikepolicy_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vpn_ikepolicy_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ikepolicy_id" bigint NOT NULL,
	"ikeproposal_id" bigint NOT NULL,
	CONSTRAINT "vpn_ikepolicy_proposals_uniq" UNIQUE("ikepolicy_id","ikeproposal_id")
);
--> statement-breakpoint
CREATE TABLE "vpn_ikeproposal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"authentication_method" varchar(50) NOT NULL,
	"encryption_algorithm" varchar(50) NOT NULL,
	"authentication_algorithm" varchar(50),
	"group" integer NOT NULL,
	"sa_lifetime" integer,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_ikeproposal_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vpn_ipsecpolicy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"pfs_group" integer,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_ipsecpolicy_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vpn_ipsecpolicy_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ipsecpolicy_id" bigint NOT NULL,
	"ipsecproposal_id" bigint NOT NULL,
	CONSTRAINT "vpn_ipsecpolicy_proposals_uniq" UNIQUE("ipsecpolicy_id","ipsecproposal_id")
);
--> statement-breakpoint
CREATE TABLE "vpn_ipsecprofile" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"mode" varchar(50) NOT NULL,
	"ike_policy_id" bigint NOT NULL,
	"ipsec_policy_id" bigint NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_ipsecprofile_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vpn_ipsecproposal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"encryption_algorithm" varchar(50),
	"authentication_algorithm" varchar(50),
	"sa_lifetime_seconds" integer,
	"sa_lifetime_data" integer,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_ipsecproposal_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vpn_l2vpn" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identifier" bigint,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"type" varchar(50) NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"tenant_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_l2vpn_name_uniq" UNIQUE("name"),
	CONSTRAINT "vpn_l2vpn_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "vpn_l2vpn_export_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"l2vpn_id" bigint NOT NULL,
	"routetarget_id" bigint NOT NULL,
	CONSTRAINT "vpn_l2vpn_export_targets_uniq" UNIQUE("l2vpn_id","routetarget_id")
);
--> statement-breakpoint
CREATE TABLE "vpn_l2vpn_import_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"l2vpn_id" bigint NOT NULL,
	"routetarget_id" bigint NOT NULL,
	CONSTRAINT "vpn_l2vpn_import_targets_uniq" UNIQUE("l2vpn_id","routetarget_id")
);
--> statement-breakpoint
CREATE TABLE "vpn_l2vpntermination" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"l2vpn_id" bigint NOT NULL,
	"assigned_object_type" varchar(100) NOT NULL,
	"assigned_object_id" bigint NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_l2vpntermination_assigned_object_type_assigned_obj_d41563fe" UNIQUE("assigned_object_type","assigned_object_id")
);
--> statement-breakpoint
CREATE TABLE "vpn_tunnel" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"group_id" bigint,
	"encapsulation" varchar(50) NOT NULL,
	"ipsec_profile_id" bigint,
	"tenant_id" bigint,
	"tunnel_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_tunnel_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vpn_tunnelgroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_tunnelgroup_name_uniq" UNIQUE("name"),
	CONSTRAINT "vpn_tunnelgroup_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "vpn_tunneltermination" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tunnel_id" bigint NOT NULL,
	"role" varchar(50) DEFAULT 'peer' NOT NULL,
	"termination_type" varchar(100) NOT NULL,
	"termination_id" bigint NOT NULL,
	"outside_ip_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "vpn_tunneltermination_outside_ip_uniq" UNIQUE("outside_ip_id"),
	CONSTRAINT "vpn_tunneltermination_termination_type_termination_id_uniq" UNIQUE("termination_type","termination_id")
);
--> statement-breakpoint
CREATE TABLE "wireless_wirelesslan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ssid" varchar(32) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"group_id" bigint,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"vlan_id" bigint,
	"scope_type" varchar(100),
	"scope_id" bigint,
	"tenant_id" bigint,
	"auth_type" varchar(50),
	"auth_cipher" varchar(50),
	"auth_psk" varchar(64) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "wireless_wirelesslangroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"parent_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"_depth" integer DEFAULT 0 NOT NULL,
	"_path" bigint[] DEFAULT '{}' NOT NULL,
	"_sort" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "wireless_wirelesslangroup_name_uniq" UNIQUE("name"),
	CONSTRAINT "wireless_wirelesslangroup_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "wireless_wirelesslink" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"interface_a_id" bigint NOT NULL,
	"interface_b_id" bigint NOT NULL,
	"ssid" varchar(32) DEFAULT '' NOT NULL,
	"status" varchar(50) DEFAULT 'connected' NOT NULL,
	"tenant_id" bigint,
	"auth_type" varchar(50),
	"auth_cipher" varchar(50),
	"auth_psk" varchar(64) DEFAULT '' NOT NULL,
	"distance" numeric(8, 2),
	"distance_unit" varchar(50),
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "wireless_wirelesslink_interface_a_interface_b_uniq" UNIQUE("interface_a_id","interface_b_id")
);
--> statement-breakpoint
ALTER TABLE "dcim_interface_wireless_lans" ADD CONSTRAINT "dcim_interface_wireless_lans_interface_id_dcim_interface_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface_wireless_lans" ADD CONSTRAINT "dcim_interface_wireless_lans_wirelesslan_id_wireless_wirelesslan_id_fk" FOREIGN KEY ("wirelesslan_id") REFERENCES "public"."wireless_wirelesslan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ikepolicy" ADD CONSTRAINT "vpn_ikepolicy_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ikepolicy_proposals" ADD CONSTRAINT "vpn_ikepolicy_proposals_ikepolicy_id_vpn_ikepolicy_id_fk" FOREIGN KEY ("ikepolicy_id") REFERENCES "public"."vpn_ikepolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ikepolicy_proposals" ADD CONSTRAINT "vpn_ikepolicy_proposals_ikeproposal_id_vpn_ikeproposal_id_fk" FOREIGN KEY ("ikeproposal_id") REFERENCES "public"."vpn_ikeproposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ikeproposal" ADD CONSTRAINT "vpn_ikeproposal_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecpolicy" ADD CONSTRAINT "vpn_ipsecpolicy_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecpolicy_proposals" ADD CONSTRAINT "vpn_ipsecpolicy_proposals_ipsecpolicy_id_vpn_ipsecpolicy_id_fk" FOREIGN KEY ("ipsecpolicy_id") REFERENCES "public"."vpn_ipsecpolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecpolicy_proposals" ADD CONSTRAINT "vpn_ipsecpolicy_proposals_ipsecproposal_id_vpn_ipsecproposal_id_fk" FOREIGN KEY ("ipsecproposal_id") REFERENCES "public"."vpn_ipsecproposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecprofile" ADD CONSTRAINT "vpn_ipsecprofile_ike_policy_id_vpn_ikepolicy_id_fk" FOREIGN KEY ("ike_policy_id") REFERENCES "public"."vpn_ikepolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecprofile" ADD CONSTRAINT "vpn_ipsecprofile_ipsec_policy_id_vpn_ipsecpolicy_id_fk" FOREIGN KEY ("ipsec_policy_id") REFERENCES "public"."vpn_ipsecpolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecprofile" ADD CONSTRAINT "vpn_ipsecprofile_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_ipsecproposal" ADD CONSTRAINT "vpn_ipsecproposal_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpn" ADD CONSTRAINT "vpn_l2vpn_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpn" ADD CONSTRAINT "vpn_l2vpn_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpn_export_targets" ADD CONSTRAINT "vpn_l2vpn_export_targets_l2vpn_id_vpn_l2vpn_id_fk" FOREIGN KEY ("l2vpn_id") REFERENCES "public"."vpn_l2vpn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpn_export_targets" ADD CONSTRAINT "vpn_l2vpn_export_targets_routetarget_id_ipam_routetarget_id_fk" FOREIGN KEY ("routetarget_id") REFERENCES "public"."ipam_routetarget"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpn_import_targets" ADD CONSTRAINT "vpn_l2vpn_import_targets_l2vpn_id_vpn_l2vpn_id_fk" FOREIGN KEY ("l2vpn_id") REFERENCES "public"."vpn_l2vpn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpn_import_targets" ADD CONSTRAINT "vpn_l2vpn_import_targets_routetarget_id_ipam_routetarget_id_fk" FOREIGN KEY ("routetarget_id") REFERENCES "public"."ipam_routetarget"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_l2vpntermination" ADD CONSTRAINT "vpn_l2vpntermination_l2vpn_id_vpn_l2vpn_id_fk" FOREIGN KEY ("l2vpn_id") REFERENCES "public"."vpn_l2vpn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "vpn_tunnel_group_id_vpn_tunnelgroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."vpn_tunnelgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "vpn_tunnel_ipsec_profile_id_vpn_ipsecprofile_id_fk" FOREIGN KEY ("ipsec_profile_id") REFERENCES "public"."vpn_ipsecprofile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "vpn_tunnel_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "vpn_tunnel_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunnelgroup" ADD CONSTRAINT "vpn_tunnelgroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunneltermination" ADD CONSTRAINT "vpn_tunneltermination_tunnel_id_vpn_tunnel_id_fk" FOREIGN KEY ("tunnel_id") REFERENCES "public"."vpn_tunnel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_tunneltermination" ADD CONSTRAINT "vpn_tunneltermination_outside_ip_id_ipam_ipaddress_id_fk" FOREIGN KEY ("outside_ip_id") REFERENCES "public"."ipam_ipaddress"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "wireless_wirelesslan_group_id_wireless_wirelesslangroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."wireless_wirelesslangroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "wireless_wirelesslan_vlan_id_ipam_vlan_id_fk" FOREIGN KEY ("vlan_id") REFERENCES "public"."ipam_vlan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "wireless_wirelesslan_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "wireless_wirelesslan_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslangroup" ADD CONSTRAINT "wireless_wirelesslangroup_parent_id_wireless_wirelesslangroup_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."wireless_wirelesslangroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslangroup" ADD CONSTRAINT "wireless_wirelesslangroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "wireless_wirelesslink_interface_a_id_dcim_interface_id_fk" FOREIGN KEY ("interface_a_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "wireless_wirelesslink_interface_b_id_dcim_interface_id_fk" FOREIGN KEY ("interface_b_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "wireless_wirelesslink_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "wireless_wirelesslink_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcim_interface_wireless_lans_wirelesslan_id_idx" ON "dcim_interface_wireless_lans" USING btree ("wirelesslan_id");--> statement-breakpoint
CREATE INDEX "vpn_ikepolicy_owner_id_idx" ON "vpn_ikepolicy" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_ikepolicy_name_natural_idx" ON "vpn_ikepolicy" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_ikepolicy_proposals_ikeproposal_id_idx" ON "vpn_ikepolicy_proposals" USING btree ("ikeproposal_id");--> statement-breakpoint
CREATE INDEX "vpn_ikeproposal_owner_id_idx" ON "vpn_ikeproposal" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_ikeproposal_name_natural_idx" ON "vpn_ikeproposal" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecpolicy_owner_id_idx" ON "vpn_ipsecpolicy" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecpolicy_name_natural_idx" ON "vpn_ipsecpolicy" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecpolicy_proposals_ipsecproposal_id_idx" ON "vpn_ipsecpolicy_proposals" USING btree ("ipsecproposal_id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecprofile_ike_policy_id_idx" ON "vpn_ipsecprofile" USING btree ("ike_policy_id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecprofile_ipsec_policy_id_idx" ON "vpn_ipsecprofile" USING btree ("ipsec_policy_id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecprofile_owner_id_idx" ON "vpn_ipsecprofile" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecprofile_name_natural_idx" ON "vpn_ipsecprofile" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecproposal_owner_id_idx" ON "vpn_ipsecproposal" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_ipsecproposal_name_natural_idx" ON "vpn_ipsecproposal" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpn_owner_id_idx" ON "vpn_l2vpn" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpn_tenant_id_idx" ON "vpn_l2vpn" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpn_name_natural_idx" ON "vpn_l2vpn" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpn_export_targets_routetarget_id_idx" ON "vpn_l2vpn_export_targets" USING btree ("routetarget_id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpn_import_targets_routetarget_id_idx" ON "vpn_l2vpn_import_targets" USING btree ("routetarget_id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpntermination_l2vpn_id_idx" ON "vpn_l2vpntermination" USING btree ("l2vpn_id");--> statement-breakpoint
CREATE INDEX "vpn_l2vpntermination_assigned_object_type_assigned_obj_0f1948a0" ON "vpn_l2vpntermination" USING btree ("assigned_object_type","assigned_object_id");--> statement-breakpoint
CREATE INDEX "vpn_tunnel_group_id_idx" ON "vpn_tunnel" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "vpn_tunnel_ipsec_profile_id_idx" ON "vpn_tunnel" USING btree ("ipsec_profile_id");--> statement-breakpoint
CREATE INDEX "vpn_tunnel_tenant_id_idx" ON "vpn_tunnel" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "vpn_tunnel_owner_id_idx" ON "vpn_tunnel" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_tunnel_name_natural_idx" ON "vpn_tunnel" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_tunnelgroup_owner_id_idx" ON "vpn_tunnelgroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vpn_tunnelgroup_name_natural_idx" ON "vpn_tunnelgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "vpn_tunneltermination_tunnel_id_idx" ON "vpn_tunneltermination" USING btree ("tunnel_id");--> statement-breakpoint
CREATE INDEX "vpn_tunneltermination_termination_type_termination_id_idx" ON "vpn_tunneltermination" USING btree ("termination_type","termination_id");--> statement-breakpoint
CREATE INDEX "vpn_tunneltermination_outside_ip_id_idx" ON "vpn_tunneltermination" USING btree ("outside_ip_id");--> statement-breakpoint
CREATE INDEX "vpn_tunneltermination_role_order_idx" ON "vpn_tunneltermination" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "vpn_tunneltermination_default_order_idx" ON "vpn_tunneltermination" USING btree ("tunnel_id", "role", "id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslan_group_id_idx" ON "wireless_wirelesslan" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslan_vlan_id_idx" ON "wireless_wirelesslan" USING btree ("vlan_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslan_scope_type_scope_id_idx" ON "wireless_wirelesslan" USING btree ("scope_type","scope_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslan_tenant_id_idx" ON "wireless_wirelesslan" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslan_owner_id_idx" ON "wireless_wirelesslan" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslan_ssid_order_idx" ON "wireless_wirelesslan" USING btree ("ssid","id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslangroup_parent_id_idx" ON "wireless_wirelesslangroup" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslangroup_owner_id_idx" ON "wireless_wirelesslangroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslangroup_name_natural_idx" ON "wireless_wirelesslangroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslangroup__path_gin_idx" ON "wireless_wirelesslangroup" USING gin ("_path");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslangroup__sort_idx" ON "wireless_wirelesslangroup" USING btree ("_sort","id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslink_interface_a_id_idx" ON "wireless_wirelesslink" USING btree ("interface_a_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslink_interface_b_id_idx" ON "wireless_wirelesslink" USING btree ("interface_b_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslink_tenant_id_idx" ON "wireless_wirelesslink" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wireless_wirelesslink_owner_id_idx" ON "wireless_wirelesslink" USING btree ("owner_id");