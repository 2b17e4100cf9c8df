ALTER TABLE "changelogs" ADD COLUMN "issue_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "changelogs" ADD COLUMN "announced_issue_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "notify_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "issues_list" ON "issues" USING btree ("workspace_id","is_deleted","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_followers" ON "threads" USING btree ("workspace_id","issue_id") WHERE "threads"."notify_contact";