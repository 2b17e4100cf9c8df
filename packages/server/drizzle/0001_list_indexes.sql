DROP INDEX "threads_workspace_created";--> statement-breakpoint
DROP INDEX "threads_workspace_state_created";--> statement-breakpoint
CREATE INDEX "threads_list" ON "threads" USING btree ("workspace_id","is_deleted","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_list_state" ON "threads" USING btree ("workspace_id","is_deleted","state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);