CREATE TABLE "checklist_answer_keys" (
	"submission_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checklist_answer_keys_submission_id_question_id_pk" PRIMARY KEY("submission_id","question_id")
);
--> statement-breakpoint
DROP INDEX "checklist_submissions_record_idx";--> statement-breakpoint
ALTER TABLE "checklist_answer_keys" ADD CONSTRAINT "checklist_answer_keys_submission_id_checklist_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."checklist_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_answer_keys_value_idx" ON "checklist_answer_keys" USING btree ("org_id","document_id","question_id","value");--> statement-breakpoint
CREATE INDEX "checklist_answer_keys_time_idx" ON "checklist_answer_keys" USING btree ("org_id","document_id","question_id","created_at");