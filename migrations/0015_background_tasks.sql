-- Hand-written: background tasks, the queue's own record of work that is not a core job (webhook
-- deliveries), shown at /api/core/background-tasks/ as NetBox shows its RQ tasks. Core jobs keep
-- their rows in core_job; a task's id is its UUID (task_id), its serial id only orders the queue.
CREATE TABLE IF NOT EXISTS "core_backgroundtask" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" varchar(36) NOT NULL UNIQUE,
	"task" varchar(100) NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"origin" varchar(100) NOT NULL DEFAULT 'default',
	"ordering_key" varchar(255),
	"payload" text NOT NULL,
	"status" varchar(20) NOT NULL DEFAULT 'queued',
	"result" text,
	"meta" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"exc_info" text,
	"timeout" integer,
	"attempts" integer NOT NULL DEFAULT 0,
	"worker_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
-- an ordered stream's unfinished tasks (ordered.ts asks whether an earlier one is still to run)
CREATE INDEX IF NOT EXISTS "core_backgroundtask_open_idx" ON "core_backgroundtask" ("ordering_key", "id")
	WHERE "status" IN ('queued', 'started');
--> statement-breakpoint
-- counts per status (queue statistics) and the housekeeping of ended tasks
CREATE INDEX IF NOT EXISTS "core_backgroundtask_status_idx" ON "core_backgroundtask" ("status", "ended_at");
--> statement-breakpoint
-- the list, newest first
CREATE INDEX IF NOT EXISTS "core_backgroundtask_created_idx" ON "core_backgroundtask" ("created_at");
