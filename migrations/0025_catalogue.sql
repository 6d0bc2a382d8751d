DROP INDEX "dcim_interface_name_natural_idx";--> statement-breakpoint
DROP INDEX "dcim_interface_default_order_idx";--> statement-breakpoint
DROP INDEX "virtualization_vminterface_name_natural_idx";--> statement-breakpoint
DROP INDEX "virtualization_vminterface_default_order_idx";--> statement-breakpoint
ALTER TABLE "dcim_cabletermination" ALTER COLUMN "positions" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "dcim_cabletermination" ALTER COLUMN "positions" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "dcim_interface_name_natural_idx" ON "dcim_interface" USING btree (naturalize_interface(name) COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "dcim_interface_default_order_idx" ON "dcim_interface" USING btree ("device_id", naturalize_interface("name") COLLATE "C", "id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_name_natural_idx" ON "virtualization_vminterface" USING btree (naturalize_interface(name) COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "virtualization_vminterface_default_order_idx" ON "virtualization_vminterface" USING btree ("virtual_machine_id", naturalize_interface("name") COLLATE "C", "id");--> statement-breakpoint
ALTER TABLE "extras_taggeditem" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "extras_taggeditem" DROP COLUMN "last_updated";