CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"address" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_scope_address_key_pk" PRIMARY KEY("scope","address","key")
);
--> statement-breakpoint
DROP INDEX "checklist_submissions_idempotency_key";--> statement-breakpoint
DROP INDEX "checklist_submissions_share_idempotency_key";--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "checklist_submissions" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "checklist_submissions" DROP COLUMN "request_hash";