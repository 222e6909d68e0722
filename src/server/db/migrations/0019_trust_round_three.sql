ALTER TABLE "mail_queue" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_org_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_queue_failed_idx" ON "mail_queue" USING btree ("failed_at") WHERE "mail_queue"."failed_at" is not null;