CREATE INDEX "circuits_circuit_default_order_idx" ON "circuits_circuit" USING btree ("provider_id", "cid", "id");--> statement-breakpoint
CREATE INDEX "circuits_circuittermination_default_order_idx" ON "circuits_circuittermination" USING btree ("circuit_id", "term_side", "id");--> statement-breakpoint
CREATE INDEX "core_objecttype_default_order_idx" ON "core_objecttype" USING btree ("app_label", "model", "id");--> statement-breakpoint
CREATE INDEX "dcim_devicetype_default_order_idx" ON "dcim_devicetype" USING btree ("manufacturer_id", "model", "id");--> statement-breakpoint
CREATE INDEX "dcim_interface_default_order_idx" ON "dcim_interface" USING btree ("device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_rack_default_order_idx" ON "dcim_rack" USING btree ("site_id", "location_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "extras_customfield_default_order_idx" ON "extras_customfield" USING btree ("group_name", "weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "extras_tag_default_order_idx" ON "extras_tag" USING btree ("weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "ipam_iprange_default_order_idx" ON "ipam_iprange" USING btree ("vrf_id" NULLS FIRST, "start_address", "id");--> statement-breakpoint
CREATE INDEX "ipam_prefix_default_order_idx" ON "ipam_prefix" USING btree ("vrf_id" NULLS FIRST, "prefix", "id");--> statement-breakpoint
CREATE INDEX "ipam_role_default_order_idx" ON "ipam_role" USING btree ("weight", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "ipam_service_default_order_idx" ON "ipam_service" USING btree ("protocol", "ports", "id");--> statement-breakpoint
CREATE INDEX "ipam_vlan_default_order_idx" ON "ipam_vlan" USING btree ("site_id", "group_id", "vid", "id");--> statement-breakpoint
CREATE INDEX "ipam_vrf_default_order_idx" ON "ipam_vrf" USING btree ("name" COLLATE natural_sort, "rd", "id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_default_order_idx" ON "virtualization_vminterface" USING btree ("virtual_machine_id", "name" COLLATE natural_sort, "id");