ALTER TABLE "threads" ADD COLUMN "moderation" text DEFAULT 'clear' NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "moderation_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "threads_held" ON "threads" USING btree ("workspace_id","created_at") WHERE "threads"."moderation" = 'held';