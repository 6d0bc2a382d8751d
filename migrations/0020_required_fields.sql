ALTER TABLE "extras_customfield" ALTER COLUMN "type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "extras_eventrule" ALTER COLUMN "action_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ipam_service" ALTER COLUMN "parent_object_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ipam_service" ALTER COLUMN "parent_object_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vpn_ikepolicy" ALTER COLUMN "version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "vpn_tunnel" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "vpn_tunneltermination" ALTER COLUMN "role" DROP DEFAULT;