CREATE TABLE "circuits_circuitgroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"tenant_id" bigint,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_circuitgroup_name_uniq" UNIQUE("name"),
	CONSTRAINT "circuits_circuitgroup_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "circuits_circuitgroupassignment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"member_type" varchar(100) NOT NULL,
	"member_id" bigint NOT NULL,
	"priority" varchar(50),
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_circuitgroupassignment_member_type_member_id__a337dc27" UNIQUE("member_type","member_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "circuits_provideraccount" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"account" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_provideraccount_provider_account_uniq" UNIQUE("provider_id","account")
);
--> statement-breakpoint
CREATE TABLE "circuits_providernetwork" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"service_id" varchar(100) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_providernetwork_provider_name_uniq" UNIQUE("provider_id","name")
);
--> statement-breakpoint
CREATE TABLE "circuits_virtualcircuit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cid" varchar(100) NOT NULL,
	"provider_network_id" bigint NOT NULL,
	"provider_account_id" bigint,
	"type_id" bigint NOT NULL,
	"status" varchar(50) DEFAULT 'active' NOT NULL,
	"tenant_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_virtualcircuit_provider_network_cid_uniq" UNIQUE("provider_network_id","cid")
);
--> statement-breakpoint
CREATE TABLE "circuits_virtualcircuittermination" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"virtual_circuit_id" bigint NOT NULL,
	"role" varchar(50) DEFAULT 'peer' NOT NULL,
	"interface_id" bigint NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_virtualcircuittermination_interface_uniq" UNIQUE("interface_id")
);
--> statement-breakpoint
CREATE TABLE "circuits_virtualcircuittype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"color" varchar(6) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "circuits_virtualcircuittype_name_uniq" UNIQUE("name"),
	CONSTRAINT "circuits_virtualcircuittype_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ipam_asnrange" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"rir_id" bigint NOT NULL,
	"start" bigint NOT NULL,
	"end" bigint NOT NULL,
	"tenant_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_asnrange_name_uniq" UNIQUE("name"),
	CONSTRAINT "ipam_asnrange_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ipam_fhrpgroup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"protocol" varchar(50) NOT NULL,
	"group_id" integer NOT NULL,
	"auth_type" varchar(50),
	"auth_key" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "ipam_fhrpgroupassignment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"interface_type" varchar(100) NOT NULL,
	"interface_id" bigint NOT NULL,
	"priority" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_fhrpgroupassignment_interface_type_interface_id_group_uniq" UNIQUE("interface_type","interface_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "ipam_routetarget" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(21) NOT NULL,
	"tenant_id" bigint,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_routetarget_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ipam_servicetemplate" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"protocol" varchar(50) NOT NULL,
	"ports" integer[] DEFAULT '{}' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_servicetemplate_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ipam_vlantranslationpolicy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_vlantranslationpolicy_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ipam_vlantranslationrule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" bigint NOT NULL,
	"local_vid" integer NOT NULL,
	"remote_vid" integer NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "ipam_vlantranslationrule_policy_local_vid_uniq" UNIQUE("policy_id","local_vid"),
	CONSTRAINT "ipam_vlantranslationrule_policy_remote_vid_uniq" UNIQUE("policy_id","remote_vid")
);
--> statement-breakpoint
CREATE TABLE "ipam_vrf_export_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vrf_id" bigint NOT NULL,
	"routetarget_id" bigint NOT NULL,
	CONSTRAINT "ipam_vrf_export_targets_uniq" UNIQUE("vrf_id","routetarget_id")
);
--> statement-breakpoint
CREATE TABLE "ipam_vrf_import_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vrf_id" bigint NOT NULL,
	"routetarget_id" bigint NOT NULL,
	CONSTRAINT "ipam_vrf_import_targets_uniq" UNIQUE("vrf_id","routetarget_id")
);
--> statement-breakpoint
CREATE TABLE "tenancy_contactassignment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"contact_id" bigint NOT NULL,
	"role_id" bigint,
	"priority" varchar(50),
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "tenancy_contactassignment_object_type_object_id_contac_41ae36d1" UNIQUE NULLS NOT DISTINCT("object_type","object_id","contact_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "virtualization_virtualdisk" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"virtual_machine_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"owner_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "virtualization_virtualdisk_virtual_machine_name_uniq" UNIQUE("virtual_machine_id","name")
);
--> statement-breakpoint
CREATE TABLE "virtualization_virtualmachinetype" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"default_platform_id" bigint,
	"default_vcpus" numeric(6, 2),
	"default_memory" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "virtualization_virtualmachinetype_name_uniq" UNIQUE("name"),
	CONSTRAINT "virtualization_virtualmachinetype_slug_uniq" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD COLUMN "provider_account_id" bigint;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "vlan_translation_policy_id" bigint;--> statement-breakpoint
ALTER TABLE "ipam_asn" ADD COLUMN "role_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD COLUMN "virtual_machine_type_id" bigint;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD COLUMN "vlan_translation_policy_id" bigint;--> statement-breakpoint
ALTER TABLE "circuits_circuitgroup" ADD CONSTRAINT "circuits_circuitgroup_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_circuitgroup" ADD CONSTRAINT "circuits_circuitgroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_circuitgroupassignment" ADD CONSTRAINT "circuits_circuitgroupassignment_group_id_circuits_circuitgroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."circuits_circuitgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_provideraccount" ADD CONSTRAINT "circuits_provideraccount_provider_id_circuits_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."circuits_provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_provideraccount" ADD CONSTRAINT "circuits_provideraccount_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_providernetwork" ADD CONSTRAINT "circuits_providernetwork_provider_id_circuits_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."circuits_provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_providernetwork" ADD CONSTRAINT "circuits_providernetwork_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuit" ADD CONSTRAINT "circuits_virtualcircuit_provider_network_id_circuits_providernetwork_id_fk" FOREIGN KEY ("provider_network_id") REFERENCES "public"."circuits_providernetwork"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuit" ADD CONSTRAINT "circuits_virtualcircuit_provider_account_id_circuits_provideraccount_id_fk" FOREIGN KEY ("provider_account_id") REFERENCES "public"."circuits_provideraccount"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuit" ADD CONSTRAINT "circuits_virtualcircuit_type_id_circuits_virtualcircuittype_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."circuits_virtualcircuittype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuit" ADD CONSTRAINT "circuits_virtualcircuit_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuit" ADD CONSTRAINT "circuits_virtualcircuit_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuittermination" ADD CONSTRAINT "circuits_virtualcircuittermination_virtual_circuit_id_circuits_virtualcircuit_id_fk" FOREIGN KEY ("virtual_circuit_id") REFERENCES "public"."circuits_virtualcircuit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuittermination" ADD CONSTRAINT "circuits_virtualcircuittermination_interface_id_dcim_interface_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."dcim_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits_virtualcircuittype" ADD CONSTRAINT "circuits_virtualcircuittype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asnrange" ADD CONSTRAINT "ipam_asnrange_rir_id_ipam_rir_id_fk" FOREIGN KEY ("rir_id") REFERENCES "public"."ipam_rir"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asnrange" ADD CONSTRAINT "ipam_asnrange_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asnrange" ADD CONSTRAINT "ipam_asnrange_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_fhrpgroup" ADD CONSTRAINT "ipam_fhrpgroup_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_fhrpgroupassignment" ADD CONSTRAINT "ipam_fhrpgroupassignment_group_id_ipam_fhrpgroup_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ipam_fhrpgroup"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_routetarget" ADD CONSTRAINT "ipam_routetarget_tenant_id_tenancy_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenancy_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_routetarget" ADD CONSTRAINT "ipam_routetarget_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_servicetemplate" ADD CONSTRAINT "ipam_servicetemplate_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlantranslationpolicy" ADD CONSTRAINT "ipam_vlantranslationpolicy_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vlantranslationrule" ADD CONSTRAINT "ipam_vlantranslationrule_policy_id_ipam_vlantranslationpolicy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."ipam_vlantranslationpolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vrf_export_targets" ADD CONSTRAINT "ipam_vrf_export_targets_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vrf_export_targets" ADD CONSTRAINT "ipam_vrf_export_targets_routetarget_id_ipam_routetarget_id_fk" FOREIGN KEY ("routetarget_id") REFERENCES "public"."ipam_routetarget"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vrf_import_targets" ADD CONSTRAINT "ipam_vrf_import_targets_vrf_id_ipam_vrf_id_fk" FOREIGN KEY ("vrf_id") REFERENCES "public"."ipam_vrf"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_vrf_import_targets" ADD CONSTRAINT "ipam_vrf_import_targets_routetarget_id_ipam_routetarget_id_fk" FOREIGN KEY ("routetarget_id") REFERENCES "public"."ipam_routetarget"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contactassignment" ADD CONSTRAINT "tenancy_contactassignment_contact_id_tenancy_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."tenancy_contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_contactassignment" ADD CONSTRAINT "tenancy_contactassignment_role_id_tenancy_contactrole_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."tenancy_contactrole"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualdisk" ADD CONSTRAINT "virtualization_virtualdisk_virtual_machine_id_virtualization_virtualmachine_id_fk" FOREIGN KEY ("virtual_machine_id") REFERENCES "public"."virtualization_virtualmachine"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualdisk" ADD CONSTRAINT "virtualization_virtualdisk_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachinetype" ADD CONSTRAINT "virtualization_virtualmachinetype_default_platform_id_dcim_platform_id_fk" FOREIGN KEY ("default_platform_id") REFERENCES "public"."dcim_platform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachinetype" ADD CONSTRAINT "virtualization_virtualmachinetype_owner_id_users_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuits_circuitgroup_tenant_id_idx" ON "circuits_circuitgroup" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "circuits_circuitgroup_owner_id_idx" ON "circuits_circuitgroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_circuitgroup_name_natural_idx" ON "circuits_circuitgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "circuits_circuitgroupassignment_group_id_idx" ON "circuits_circuitgroupassignment" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "circuits_circuitgroupassignment_member_type_member_id_idx" ON "circuits_circuitgroupassignment" USING btree ("member_type","member_id");--> statement-breakpoint
CREATE INDEX "circuits_circuitgroupassignment_priority_order_idx" ON "circuits_circuitgroupassignment" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "circuits_circuitgroupassignment_default_order_idx" ON "circuits_circuitgroupassignment" USING btree ("group_id", "priority", "id");--> statement-breakpoint
CREATE INDEX "circuits_provideraccount_provider_id_idx" ON "circuits_provideraccount" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "circuits_provideraccount_owner_id_idx" ON "circuits_provideraccount" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_provideraccount_name_natural_idx" ON "circuits_provideraccount" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "circuits_provideraccount_account_order_idx" ON "circuits_provideraccount" USING btree ("account","id");--> statement-breakpoint
CREATE INDEX "circuits_provideraccount_default_order_idx" ON "circuits_provideraccount" USING btree ("provider_id", "account", "id");--> statement-breakpoint
CREATE INDEX "circuits_providernetwork_provider_id_idx" ON "circuits_providernetwork" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "circuits_providernetwork_owner_id_idx" ON "circuits_providernetwork" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_providernetwork_name_natural_idx" ON "circuits_providernetwork" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "circuits_providernetwork_default_order_idx" ON "circuits_providernetwork" USING btree ("provider_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_provider_network_id_idx" ON "circuits_virtualcircuit" USING btree ("provider_network_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_provider_account_id_idx" ON "circuits_virtualcircuit" USING btree ("provider_account_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_type_id_idx" ON "circuits_virtualcircuit" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_tenant_id_idx" ON "circuits_virtualcircuit" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_owner_id_idx" ON "circuits_virtualcircuit" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_cid_order_idx" ON "circuits_virtualcircuit" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuit_default_order_idx" ON "circuits_virtualcircuit" USING btree ("provider_network_id", "cid", "id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittermination_virtual_circuit_id_idx" ON "circuits_virtualcircuittermination" USING btree ("virtual_circuit_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittermination_interface_id_idx" ON "circuits_virtualcircuittermination" USING btree ("interface_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittermination_role_order_idx" ON "circuits_virtualcircuittermination" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittermination_default_order_idx" ON "circuits_virtualcircuittermination" USING btree ("virtual_circuit_id", "role", "id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittype_owner_id_idx" ON "circuits_virtualcircuittype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittype_name_natural_idx" ON "circuits_virtualcircuittype" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_asnrange_rir_id_idx" ON "ipam_asnrange" USING btree ("rir_id");--> statement-breakpoint
CREATE INDEX "ipam_asnrange_tenant_id_idx" ON "ipam_asnrange" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_asnrange_owner_id_idx" ON "ipam_asnrange" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_asnrange_name_natural_idx" ON "ipam_asnrange" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroup_owner_id_idx" ON "ipam_fhrpgroup" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroup_name_natural_idx" ON "ipam_fhrpgroup" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroup_protocol_order_idx" ON "ipam_fhrpgroup" USING btree ("protocol","id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroup_group_id_order_idx" ON "ipam_fhrpgroup" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroup_default_order_idx" ON "ipam_fhrpgroup" USING btree ("protocol", "group_id", "id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroupassignment_group_id_idx" ON "ipam_fhrpgroupassignment" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroupassignment_interface_type_interface_id_idx" ON "ipam_fhrpgroupassignment" USING btree ("interface_type","interface_id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroupassignment_priority_order_idx" ON "ipam_fhrpgroupassignment" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "ipam_routetarget_tenant_id_idx" ON "ipam_routetarget" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ipam_routetarget_owner_id_idx" ON "ipam_routetarget" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_routetarget_name_natural_idx" ON "ipam_routetarget" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_servicetemplate_owner_id_idx" ON "ipam_servicetemplate" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_servicetemplate_name_natural_idx" ON "ipam_servicetemplate" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_vlantranslationpolicy_owner_id_idx" ON "ipam_vlantranslationpolicy" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ipam_vlantranslationpolicy_name_natural_idx" ON "ipam_vlantranslationpolicy" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "ipam_vlantranslationrule_policy_id_idx" ON "ipam_vlantranslationrule" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "ipam_vlantranslationrule_local_vid_order_idx" ON "ipam_vlantranslationrule" USING btree ("local_vid","id");--> statement-breakpoint
CREATE INDEX "ipam_vlantranslationrule_default_order_idx" ON "ipam_vlantranslationrule" USING btree ("policy_id", "local_vid", "id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_export_targets_routetarget_id_idx" ON "ipam_vrf_export_targets" USING btree ("routetarget_id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_import_targets_routetarget_id_idx" ON "ipam_vrf_import_targets" USING btree ("routetarget_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactassignment_object_type_object_id_idx" ON "tenancy_contactassignment" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactassignment_contact_id_idx" ON "tenancy_contactassignment" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactassignment_role_id_idx" ON "tenancy_contactassignment" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "tenancy_contactassignment_priority_order_idx" ON "tenancy_contactassignment" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "tenancy_contactassignment_default_order_idx" ON "tenancy_contactassignment" USING btree ("contact_id", "priority", "role_id", "id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualdisk_virtual_machine_id_idx" ON "virtualization_virtualdisk" USING btree ("virtual_machine_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualdisk_owner_id_idx" ON "virtualization_virtualdisk" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualdisk_name_natural_idx" ON "virtualization_virtualdisk" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualdisk_default_order_idx" ON "virtualization_virtualdisk" USING btree ("virtual_machine_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachinetype_default_platform_id_idx" ON "virtualization_virtualmachinetype" USING btree ("default_platform_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachinetype_owner_id_idx" ON "virtualization_virtualmachinetype" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachinetype_name_natural_idx" ON "virtualization_virtualmachinetype" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
ALTER TABLE "circuits_circuit" ADD CONSTRAINT "circuits_circuit_provider_account_id_circuits_provideraccount_id_fk" FOREIGN KEY ("provider_account_id") REFERENCES "public"."circuits_provideraccount"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD CONSTRAINT "dcim_interface_vlan_translation_policy_id_ipam_vlantranslationpolicy_id_fk" FOREIGN KEY ("vlan_translation_policy_id") REFERENCES "public"."ipam_vlantranslationpolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_asn" ADD CONSTRAINT "ipam_asn_role_id_ipam_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."ipam_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "virtualization_virtualmachine_virtual_machine_type_id_virtualization_virtualmachinetype_id_fk" FOREIGN KEY ("virtual_machine_type_id") REFERENCES "public"."virtualization_virtualmachinetype"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "virtualization_vminterface_vlan_translation_policy_id_ipam_vlantranslationpolicy_id_fk" FOREIGN KEY ("vlan_translation_policy_id") REFERENCES "public"."ipam_vlantranslationpolicy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuits_circuit_provider_account_id_idx" ON "circuits_circuit" USING btree ("provider_account_id");--> statement-breakpoint
CREATE INDEX "dcim_interface_vlan_translation_policy_id_idx" ON "dcim_interface" USING btree ("vlan_translation_policy_id");--> statement-breakpoint
CREATE INDEX "ipam_asn_role_id_idx" ON "ipam_asn" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachine_virtual_machine_type_id_idx" ON "virtualization_virtualmachine" USING btree ("virtual_machine_type_id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_vlan_translation_policy_id_idx" ON "virtualization_vminterface" USING btree ("vlan_translation_policy_id");