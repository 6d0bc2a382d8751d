-- Hand-written: the change stream's history (runtime/stream/sequencer.ts). Each row says which change
-- records of one schema's change log (`public`, or a branch's `branch_<schema_id>`) became visible between
-- two snapshots, `previous` and `snapshot` (no previous: every record visible in the snapshot): the
-- records of a row are those committed in that interval, so rows in id order are the change log in
-- commit order, and a client resumes after any change id from the row holding it. `first_id` and
-- `last_id` bound the ids of the row's records (the latter is the change-record sequence's value when
-- the snapshot was taken); `count` is how many records the row holds.
CREATE TABLE IF NOT EXISTS "core_objectchange_epoch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schema" varchar(63) NOT NULL,
	"snapshot" pg_snapshot NOT NULL,
	"previous" pg_snapshot,
	"snapshot_xmax" bigint NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- a schema's rows in order (a stream reads on from its position)
CREATE INDEX IF NOT EXISTS "core_objectchange_epoch_schema_idx" ON "core_objectchange_epoch" ("schema", "id");
--> statement-breakpoint
-- the row holding a change: the first of its schema whose snapshot_xmax is above the change's transaction
CREATE INDEX IF NOT EXISTS "core_objectchange_epoch_xmax_idx" ON "core_objectchange_epoch" ("schema", "snapshot_xmax", "id");
--> statement-breakpoint
-- retention
CREATE INDEX IF NOT EXISTS "core_objectchange_epoch_time_idx" ON "core_objectchange_epoch" ("time");
