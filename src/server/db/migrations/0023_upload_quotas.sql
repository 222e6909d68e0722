ALTER TABLE "throttle_events" ADD COLUMN "weight" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "in_use" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_unused_idx" ON "uploads" USING btree ("created_at") WHERE not "uploads"."in_use";--> statement-breakpoint
CREATE INDEX "uploads_file_of_idx" ON "uploads" USING btree ("file_of") WHERE "uploads"."file_of" is not null;