CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"member_id" text,
	"name" text NOT NULL,
	"version" smallint NOT NULL,
	"secret_hash" text NOT NULL,
	"preview" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "changelogs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text,
	"title" text NOT NULL,
	"notes" jsonb NOT NULL,
	"date" timestamp (3) with time zone NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"external_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_add" boolean,
	"size" bigint,
	"revenue" bigint,
	"tier_id" text,
	"tier_name" text,
	"status_id" text,
	"status_name" text,
	"status_color" text,
	"logo_url" text,
	"owner_id" text,
	"tracker_customer_id" text,
	"system_a_id" text,
	"system_d_id" text,
	"system_f_id" text,
	"slug_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"image_url" text,
	"company_id" text,
	"system_a_id" text,
	"system_b_id" text,
	"system_d_id" text,
	"system_f_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_needs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"project_id" text,
	"issue_id" text,
	"tracker_customer_need_id" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"workspace_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_records_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text,
	"identifier" text NOT NULL,
	"tracker_ticket_id" text NOT NULL,
	"priority" text NOT NULL,
	"status" text NOT NULL,
	"team" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"description_data" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_visible" boolean,
	"sort_order" real DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"importance_score" real DEFAULT 0 NOT NULL,
	"summary" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary_updated" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"image_url" text,
	"selected_team_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text,
	"original_recipient" text,
	"from" jsonb NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text_content" text,
	"html_content" text,
	"mail_provider_message_id" text,
	"message_id" text,
	"unique_id" text,
	"channel_id" text,
	"user_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"date" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"delivered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text,
	"icon" text,
	"tracker_project_id" text,
	"state" text,
	"tracker_team_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"progress" real,
	"sort_order" real DEFAULT 0 NOT NULL,
	"importance_score" real DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"icon" text NOT NULL,
	"tag_group_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_tags" (
	"workspace_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"tag_id" text NOT NULL,
	CONSTRAINT "thread_tags_thread_id_tag_id_pk" PRIMARY KEY("thread_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"title" text,
	"text" text NOT NULL,
	"state" text NOT NULL,
	"pain_level" text NOT NULL,
	"origin" text NOT NULL,
	"contact_id" text,
	"company_id" text,
	"assignee_id" text,
	"reporter_id" text,
	"project_id" text,
	"issue_id" text,
	"snoozed_until" timestamp (3) with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"show_record_call" boolean DEFAULT false NOT NULL,
	"last_inbound_message_at" timestamp (3) with time zone,
	"last_outbound_message_at" timestamp (3) with time zone,
	"last_state_change_at" timestamp (3) with time zone,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recording_id" text,
	"video_id" text,
	"chat_channel_id" text,
	"tracker_attachment_id" text,
	"system_a_id" text,
	"system_b_id" text,
	"system_c_id" text,
	"system_d_id" text,
	"system_e_id" text,
	"system_f_id" text,
	"chat_reply_id" text,
	"unique_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"workspace_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"language" text NOT NULL,
	"field" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "translations_entity_type_entity_id_language_field_pk" PRIMARY KEY("entity_type","entity_id","language","field")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"dark_mode" boolean DEFAULT false NOT NULL,
	"background_color" text,
	"dark_mode_background_color" text,
	"text_color" text,
	"dark_mode_text_color" text,
	"accent_color" text,
	"dark_mode_accent_color" text,
	"accent_text_color" text,
	"dark_mode_accent_text_color" text,
	"button_text_color" text,
	"dark_mode_button_text_color" text,
	"custom_domain" text,
	"logo_link" text,
	"logo_url" text,
	"changelog_public" boolean DEFAULT false NOT NULL,
	"portal_published" boolean DEFAULT false NOT NULL,
	"tracker_connected" boolean DEFAULT false NOT NULL,
	"signing_secret" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changelogs" ADD CONSTRAINT "changelogs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changelogs" ADD CONSTRAINT "changelogs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_needs" ADD CONSTRAINT "customer_needs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_needs" ADD CONSTRAINT "customer_needs_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_needs" ADD CONSTRAINT "customer_needs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_needs" ADD CONSTRAINT "customer_needs_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_tags" ADD CONSTRAINT "thread_tags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_tags" ADD CONSTRAINT "thread_tags_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_tags" ADD CONSTRAINT "thread_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_assignee_id_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_reporter_id_members_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_statuses" ADD CONSTRAINT "tracker_statuses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_tiers" ADD CONSTRAINT "tracker_tiers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_workspace" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "changelogs_workspace_date" ON "changelogs" USING btree ("workspace_id","date");--> statement-breakpoint
CREATE INDEX "companies_workspace" ON "companies" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_workspace_email" ON "contacts" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_workspace_created" ON "contacts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_company" ON "contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customer_needs_thread" ON "customer_needs" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "customer_needs_project" ON "customer_needs" USING btree ("workspace_id","project_id");--> statement-breakpoint
CREATE INDEX "customer_needs_issue" ON "customer_needs" USING btree ("workspace_id","issue_id");--> statement-breakpoint
CREATE INDEX "issues_workspace" ON "issues" USING btree ("workspace_id","sort_order");--> statement-breakpoint
CREATE INDEX "members_workspace" ON "members" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "messages_thread" ON "messages" USING btree ("thread_id","date");--> statement-breakpoint
CREATE INDEX "outbox_pending" ON "outbox" USING btree ("workspace_id","created_at") WHERE "outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "projects_workspace" ON "projects" USING btree ("workspace_id","sort_order");--> statement-breakpoint
CREATE INDEX "tags_workspace" ON "tags" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "threads_workspace_created" ON "threads" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "threads"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "threads_workspace_state_created" ON "threads" USING btree ("workspace_id","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "threads"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "threads_company" ON "threads" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "threads_contact" ON "threads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "tracker_statuses_workspace" ON "tracker_statuses" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "tracker_tiers_workspace" ON "tracker_tiers" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "translations_workspace_language" ON "translations" USING btree ("workspace_id","language");