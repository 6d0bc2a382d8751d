ALTER TABLE "users_token" ALTER COLUMN "allowed_ips" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users_token" DROP COLUMN "last_updated";--> statement-breakpoint
ALTER TABLE "users_user" DROP COLUMN "created";--> statement-breakpoint
ALTER TABLE "users_user" DROP COLUMN "last_updated";