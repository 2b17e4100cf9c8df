CREATE TABLE "mail_unsubscriptions" (
	"workspace_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"issue_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "mail_unsubscriptions_scope" UNIQUE NULLS NOT DISTINCT("contact_id","issue_id")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sending" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_unsubscriptions" ADD CONSTRAINT "mail_unsubscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_unsubscriptions" ADD CONSTRAINT "mail_unsubscriptions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_unsubscriptions" ADD CONSTRAINT "mail_unsubscriptions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."delivered_at" is null;