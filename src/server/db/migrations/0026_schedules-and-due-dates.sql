CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"assigned_to_type" text NOT NULL,
	"assigned_to_id" uuid NOT NULL,
	"rrule" text NOT NULL,
	"timezone" text NOT NULL,
	"window_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"one_for_all" boolean DEFAULT true NOT NULL,
	"allow_late" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_due_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "missed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "completed_submission_id" uuid;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_next_due_idx" ON "schedules" USING btree ("next_due_at") WHERE "schedules"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "schedules_document_idx" ON "schedules" USING btree ("org_id","document_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_completed_submission_id_checklist_submissions_id_fk" FOREIGN KEY ("completed_submission_id") REFERENCES "public"."checklist_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_occurrence_key" ON "assignments" USING btree ("schedule_id","opens_at","assigned_to_id") WHERE "assignments"."schedule_id" is not null;--> statement-breakpoint
CREATE INDEX "assignments_due_idx" ON "assignments" USING btree ("due_at") WHERE "assignments"."completed_at" is null and "assignments"."missed_at" is null and "assignments"."due_at" is not null;