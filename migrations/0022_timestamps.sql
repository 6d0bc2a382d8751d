ALTER TABLE "extras_bookmark" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "extras_notification" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "extras_notificationgroup" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "extras_notificationgroup" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "extras_subscription" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "users_group" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "users_group" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "users_objectpermission" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "users_objectpermission" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "users_owner" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "users_owner" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "users_ownergroup" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "users_ownergroup" DROP COLUMN "last_updated";