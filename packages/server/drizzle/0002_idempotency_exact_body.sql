ALTER TABLE "idempotency_records" ALTER COLUMN "response_body" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "response_type" text;