DROP INDEX "dcim_consoleport_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_consoleserverport_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_devicebay_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_frontport_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_modulebay_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_poweroutlet_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_powerport_default_order_idx";--> statement-breakpoint
DROP INDEX "dcim_rearport_default_order_idx";--> statement-breakpoint
DROP INDEX "virtualization_virtualdisk_default_order_idx";--> statement-breakpoint
ALTER TABLE "dcim_consoleport" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_consoleserverport" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_devicebay" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_frontport" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_modulebay" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_poweroutlet" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_powerport" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "dcim_rearport" ADD COLUMN "_device_name" text;--> statement-breakpoint
ALTER TABLE "virtualization_virtualdisk" ADD COLUMN "_virtual_machine_name" text;--> statement-breakpoint
UPDATE "dcim_consoleport" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_consoleserverport" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_devicebay" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_frontport" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_modulebay" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_poweroutlet" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_powerport" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "dcim_rearport" t SET ("_device_name", id) = ((SELECT x."name" FROM "dcim_device" x WHERE x.id = t."device_id"), t.id);--> statement-breakpoint
UPDATE "virtualization_virtualdisk" t SET ("_virtual_machine_name", id) = ((SELECT x."name" FROM "virtualization_virtualmachine" x WHERE x.id = t."virtual_machine_id"), t.id);--> statement-breakpoint
CREATE INDEX "dcim_consoleport_default_order_idx" ON "dcim_consoleport" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_consoleserverport_default_order_idx" ON "dcim_consoleserverport" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_devicebay_default_order_idx" ON "dcim_devicebay" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_frontport_default_order_idx" ON "dcim_frontport" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_modulebay_default_order_idx" ON "dcim_modulebay" USING btree ("_device_name" COLLATE natural_sort, "device_id", "module_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_poweroutlet_default_order_idx" ON "dcim_poweroutlet" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_powerport_default_order_idx" ON "dcim_powerport" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "dcim_rearport_default_order_idx" ON "dcim_rearport" USING btree ("_device_name" COLLATE natural_sort, "device_id", "name" COLLATE natural_sort, "id");--> statement-breakpoint
CREATE INDEX "virtualization_virtualdisk_default_order_idx" ON "virtualization_virtualdisk" USING btree ("_virtual_machine_name" COLLATE natural_sort, "virtual_machine_id", "name" COLLATE natural_sort, "id");