CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
-- Invitations sent at the same moment could make several pending invitations to one address (issue 10):
-- keep the oldest, cancel the others, so that the unique index below can be built.
UPDATE "invitations" AS i SET "status" = 'cancelled'
 WHERE i."status" = 'pending'
   AND EXISTS (SELECT 1 FROM "invitations" AS o
                WHERE o."status" = 'pending' AND o."org_id" = i."org_id" AND lower(o."email") = lower(i."email")
                  AND (o."created_at", o."id") < (i."created_at", i."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_key" ON "invitations" USING btree ("org_id",lower("email")) WHERE "invitations"."status" = 'pending';