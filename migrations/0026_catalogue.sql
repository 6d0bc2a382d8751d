DROP INDEX "dcim_interface_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_interface_default_order_idx";--> statement-breakpoint
DROP INDEX "virtualization_vminterface_name_natural_idx";--> statement-breakpoint
DROP INDEX "virtualization_vminterface_default_order_idx";--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dcim_interface" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD COLUMN "_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "virtualization_vminterface" ADD COLUMN "_virtual_machine_name" text;--> statement-breakpoint
UPDATE "dcim_interface" t SET ("_name", "_device_name", id) = (naturalize_interface(t."name"), (SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "virtualization_vminterface" t SET ("_name", "_virtual_machine_name", id) = (naturalize_interface(t."name"), (SELECT x."name" FROM "virtualization_virtualmachine" x WHERE x.id = t."virtual_machine_id"), t.id);--> statement-breakpoint
CREATE INDEX "dcim_interface_name_natural_idx" ON "dcim_interface" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "dcim_interface_default_order_idx" ON "dcim_interface" USING btree ("_device_name" COLLATE natural_sort, "device_id", "_name" COLLATE "C", "id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_name_natural_idx" ON "virtualization_vminterface" USING btree (name COLLATE natural_sort,"id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_default_order_idx" ON "virtualization_vminterface" USING btree ("_virtual_machine_name" COLLATE natural_sort, "virtual_machine_id", "_name" COLLATE "C", "id");