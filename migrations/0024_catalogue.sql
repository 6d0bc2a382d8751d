CREATE TABLE "netbox_changes_changerequest" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"branch_id" bigint NOT NULL,
	"policy_id" bigint,
	"status" varchar(50) DEFAULT 'draft' NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_comment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_id" bigint,
	"change_request_id" bigint NOT NULL,
	"change_diff" bigint,
	"content" text NOT NULL,
	"resolved" timestamp with time zone,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_commentreply" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_id" bigint,
	"comment_id" bigint NOT NULL,
	"content" text NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_policy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"require_independent_review" boolean DEFAULT false NOT NULL,
	"required_checks" text[] DEFAULT '{}' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "netbox_changes_policy_name_uniq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_policyrule" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_reviews" integer DEFAULT 1 NOT NULL,
	"object_types" text[] DEFAULT '{}' NOT NULL,
	"scope_type" varchar(100),
	"scope_id" bigint,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "netbox_changes_policyrule_policy_name_uniq" UNIQUE("policy_id","name")
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_policyrule_reviewer_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policyrule_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "netbox_changes_policyrule_reviewer_groups_uniq" UNIQUE("policyrule_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_policyrule_reviewers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policyrule_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "netbox_changes_policyrule_reviewers_uniq" UNIQUE("policyrule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_review" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"change_request_id" bigint NOT NULL,
	"user_id" bigint,
	"status" varchar(50) NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"is_stale" boolean DEFAULT false NOT NULL,
	"custom_field_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "netbox_changes_statuscheck" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"change_request_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" varchar(50) DEFAULT 'pending' NOT NULL,
	"details_url" varchar(200) DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now(),
	CONSTRAINT "netbox_changes_statuscheck_change_request_name_uniq" UNIQUE("change_request_id","name")
);
--> statement-breakpoint
ALTER TABLE "netbox_changes_changerequest" ADD CONSTRAINT "netbox_changes_changerequest_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_changerequest" ADD CONSTRAINT "netbox_changes_changerequest_branch_id_netbox_branching_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."netbox_branching_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_changerequest" ADD CONSTRAINT "netbox_changes_changerequest_policy_id_netbox_changes_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."netbox_changes_policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_comment" ADD CONSTRAINT "netbox_changes_comment_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_comment" ADD CONSTRAINT "netbox_changes_comment_change_request_id_netbox_changes_changerequest_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."netbox_changes_changerequest"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_commentreply" ADD CONSTRAINT "netbox_changes_commentreply_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_commentreply" ADD CONSTRAINT "netbox_changes_commentreply_comment_id_netbox_changes_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."netbox_changes_comment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_policyrule" ADD CONSTRAINT "netbox_changes_policyrule_policy_id_netbox_changes_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."netbox_changes_policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_policyrule_reviewer_groups" ADD CONSTRAINT "netbox_changes_policyrule_reviewer_groups_policyrule_id_netbox_changes_policyrule_id_fk" FOREIGN KEY ("policyrule_id") REFERENCES "public"."netbox_changes_policyrule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_policyrule_reviewer_groups" ADD CONSTRAINT "netbox_changes_policyrule_reviewer_groups_group_id_users_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_policyrule_reviewers" ADD CONSTRAINT "netbox_changes_policyrule_reviewers_policyrule_id_netbox_changes_policyrule_id_fk" FOREIGN KEY ("policyrule_id") REFERENCES "public"."netbox_changes_policyrule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_policyrule_reviewers" ADD CONSTRAINT "netbox_changes_policyrule_reviewers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_review" ADD CONSTRAINT "netbox_changes_review_change_request_id_netbox_changes_changerequest_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."netbox_changes_changerequest"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_review" ADD CONSTRAINT "netbox_changes_review_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "netbox_changes_statuscheck" ADD CONSTRAINT "netbox_changes_statuscheck_change_request_id_netbox_changes_changerequest_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."netbox_changes_changerequest"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "netbox_changes_changerequest_owner_id_idx" ON "netbox_changes_changerequest" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_changerequest_branch_id_idx" ON "netbox_changes_changerequest" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_changerequest_policy_id_idx" ON "netbox_changes_changerequest" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_changerequest_name_order_idx" ON "netbox_changes_changerequest" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_changerequest_created_order_idx" ON "netbox_changes_changerequest" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_comment_author_id_idx" ON "netbox_changes_comment" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_comment_change_request_id_idx" ON "netbox_changes_comment" USING btree ("change_request_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_comment_created_order_idx" ON "netbox_changes_comment" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_commentreply_author_id_idx" ON "netbox_changes_commentreply" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_commentreply_comment_id_idx" ON "netbox_changes_commentreply" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_commentreply_created_order_idx" ON "netbox_changes_commentreply" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policy_name_order_idx" ON "netbox_changes_policy" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policyrule_policy_id_idx" ON "netbox_changes_policyrule" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policyrule_scope_type_scope_id_idx" ON "netbox_changes_policyrule" USING btree ("scope_type","scope_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policyrule_name_order_idx" ON "netbox_changes_policyrule" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policyrule_default_order_idx" ON "netbox_changes_policyrule" USING btree ("policy_id", "name", "id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policyrule_reviewer_groups_group_id_idx" ON "netbox_changes_policyrule_reviewer_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_policyrule_reviewers_user_id_idx" ON "netbox_changes_policyrule_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_review_change_request_id_idx" ON "netbox_changes_review" USING btree ("change_request_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_review_user_id_idx" ON "netbox_changes_review" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_review_created_order_idx" ON "netbox_changes_review" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_statuscheck_change_request_id_idx" ON "netbox_changes_statuscheck" USING btree ("change_request_id");--> statement-breakpoint
CREATE INDEX "netbox_changes_statuscheck_name_order_idx" ON "netbox_changes_statuscheck" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "netbox_changes_statuscheck_default_order_idx" ON "netbox_changes_statuscheck" USING btree ("change_request_id", "name", "id");