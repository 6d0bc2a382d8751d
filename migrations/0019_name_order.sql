DROP INDEX "circuits_circuitgroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "circuits_circuittype_name_natural_idx";--> statement-breakpoint
DROP INDEX "circuits_provideraccount_name_natural_idx";--> statement-breakpoint
DROP INDEX "circuits_virtualcircuittype_name_natural_idx";--> statement-breakpoint
DROP INDEX "core_datasource_name_natural_idx";--> statement-breakpoint
DROP INDEX "core_job_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_cablebundle_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_devicerole_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_inventoryitemrole_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_location_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_manufacturer_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_moduletypeprofile_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_platform_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_rackgroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_rackrole_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_region_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_sitegroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_configcontext_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_configcontextprofile_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_configtemplate_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_customfield_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_customfieldchoiceset_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_customlink_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_eventrule_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_exporttemplate_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_imageattachment_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_notificationgroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_savedfilter_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_tableconfig_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_tag_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_webhook_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_fhrpgroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_rir_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_role_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_service_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_servicetemplate_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_vlan_name_natural_idx";--> statement-breakpoint
DROP INDEX "ipam_vlantranslationpolicy_name_natural_idx";--> statement-breakpoint
DROP INDEX "netbox_branching_branch_name_natural_idx";--> statement-breakpoint
DROP INDEX "tenancy_contactgroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "tenancy_contactrole_name_natural_idx";--> statement-breakpoint
DROP INDEX "users_group_name_natural_idx";--> statement-breakpoint
DROP INDEX "users_objectpermission_name_natural_idx";--> statement-breakpoint
DROP INDEX "users_owner_name_natural_idx";--> statement-breakpoint
DROP INDEX "users_ownergroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "virtualization_clustergroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "virtualization_clustertype_name_natural_idx";--> statement-breakpoint
DROP INDEX "virtualization_virtualmachinetype_name_natural_idx";--> statement-breakpoint
DROP INDEX "vpn_tunnelgroup_name_natural_idx";--> statement-breakpoint
DROP INDEX "extras_configcontext_default_order_idx";--> statement-breakpoint
DROP INDEX "extras_customfield_default_order_idx";--> statement-breakpoint
DROP INDEX "extras_customlink_default_order_idx";--> statement-breakpoint
DROP INDEX "extras_savedfilter_default_order_idx";--> statement-breakpoint
DROP INDEX "extras_tableconfig_default_order_idx";--> statement-breakpoint
DROP INDEX "extras_tag_default_order_idx";--> statement-breakpoint
DROP INDEX "ipam_role_default_order_idx";--> statement-breakpoint
CREATE INDEX "circuits_circuitgroup_name_order_idx" ON "circuits_circuitgroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "circuits_circuittype_name_order_idx" ON "circuits_circuittype" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "circuits_provideraccount_name_order_idx" ON "circuits_provideraccount" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "circuits_virtualcircuittype_name_order_idx" ON "circuits_virtualcircuittype" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "core_datasource_name_order_idx" ON "core_datasource" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "core_job_name_order_idx" ON "core_job" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_cablebundle_name_order_idx" ON "dcim_cablebundle" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_devicerole_name_order_idx" ON "dcim_devicerole" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_inventoryitemrole_name_order_idx" ON "dcim_inventoryitemrole" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_location_name_order_idx" ON "dcim_location" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_manufacturer_name_order_idx" ON "dcim_manufacturer" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_moduletypeprofile_name_order_idx" ON "dcim_moduletypeprofile" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_platform_name_order_idx" ON "dcim_platform" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_rackgroup_name_order_idx" ON "dcim_rackgroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_rackrole_name_order_idx" ON "dcim_rackrole" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_region_name_order_idx" ON "dcim_region" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "dcim_sitegroup_name_order_idx" ON "dcim_sitegroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_name_order_idx" ON "extras_configcontext" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_configcontextprofile_name_order_idx" ON "extras_configcontextprofile" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_configtemplate_name_order_idx" ON "extras_configtemplate" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_customfield_name_order_idx" ON "extras_customfield" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_customfieldchoiceset_name_order_idx" ON "extras_customfieldchoiceset" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_customlink_name_order_idx" ON "extras_customlink" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_eventrule_name_order_idx" ON "extras_eventrule" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_exporttemplate_name_order_idx" ON "extras_exporttemplate" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_imageattachment_name_order_idx" ON "extras_imageattachment" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_notificationgroup_name_order_idx" ON "extras_notificationgroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_name_order_idx" ON "extras_savedfilter" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_tableconfig_name_order_idx" ON "extras_tableconfig" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_tag_name_order_idx" ON "extras_tag" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_webhook_name_order_idx" ON "extras_webhook" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_fhrpgroup_name_order_idx" ON "ipam_fhrpgroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_rir_name_order_idx" ON "ipam_rir" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_role_name_order_idx" ON "ipam_role" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_service_name_order_idx" ON "ipam_service" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_servicetemplate_name_order_idx" ON "ipam_servicetemplate" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_name_order_idx" ON "ipam_vlan" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ipam_vlantranslationpolicy_name_order_idx" ON "ipam_vlantranslationpolicy" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "netbox_branching_branch_name_order_idx" ON "netbox_branching_branch" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tenancy_contactgroup_name_order_idx" ON "tenancy_contactgroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tenancy_contactrole_name_order_idx" ON "tenancy_contactrole" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_group_name_order_idx" ON "users_group" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_objectpermission_name_order_idx" ON "users_objectpermission" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_owner_name_order_idx" ON "users_owner" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_ownergroup_name_order_idx" ON "users_ownergroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "virtualization_clustergroup_name_order_idx" ON "virtualization_clustergroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "virtualization_clustertype_name_order_idx" ON "virtualization_clustertype" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualmachinetype_name_order_idx" ON "virtualization_virtualmachinetype" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "vpn_tunnelgroup_name_order_idx" ON "vpn_tunnelgroup" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "extras_configcontext_default_order_idx" ON "extras_configcontext" USING btree ("weight", "name", "id");--> statement-breakpoint
CREATE INDEX "extras_customfield_default_order_idx" ON "extras_customfield" USING btree ("group_name", "weight", "name", "id");--> statement-breakpoint
CREATE INDEX "extras_customlink_default_order_idx" ON "extras_customlink" USING btree ("group_name", "weight", "name", "id");--> statement-breakpoint
CREATE INDEX "extras_savedfilter_default_order_idx" ON "extras_savedfilter" USING btree ("weight", "name", "id");--> statement-breakpoint
CREATE INDEX "extras_tableconfig_default_order_idx" ON "extras_tableconfig" USING btree ("weight", "name", "id");--> statement-breakpoint
CREATE INDEX "extras_tag_default_order_idx" ON "extras_tag" USING btree ("weight", "name", "id");--> statement-breakpoint
CREATE INDEX "ipam_role_default_order_idx" ON "ipam_role" USING btree ("weight", "name", "id");