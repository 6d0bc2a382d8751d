-- Hand-written: internal tables with no API of their own (drizzle-kit does not manage them).

-- Browser sessions for the browsable API and Swagger UI; only a hash of the session id is kept.
CREATE TABLE IF NOT EXISTS "users_session" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "users_user"("id") ON DELETE CASCADE,
	"csrf" varchar(64) NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_session_user_id_idx" ON "users_session" ("user_id");
--> statement-breakpoint
-- Job worker processes and their heartbeats (stale ones have their jobs recovered).
CREATE TABLE IF NOT EXISTS "core_worker" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"hostname" varchar(255) NOT NULL,
	"pid" integer NOT NULL,
	"started" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat" timestamp with time zone DEFAULT now() NOT NULL
);
