CREATE TABLE "checklist_answer_values" (
	"submission_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"value_text" text,
	"value_number" double precision,
	"value_choices" text[],
	"failing" boolean NOT NULL,
	"hidden" boolean NOT NULL,
	CONSTRAINT "checklist_answer_values_submission_id_question_id_pk" PRIMARY KEY("submission_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "checklist_answer_values" ADD CONSTRAINT "checklist_answer_values_submission_id_checklist_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."checklist_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_answer_values_time_idx" ON "checklist_answer_values" USING btree ("document_id","created_at");
--> statement-breakpoint
-- A checklist's answers as its results page counts them (issue #45): each submission's answers with a
-- value into checklist_answer_values as it is inserted (the application never writes them), typed; and
-- those of the submissions stored before.
CREATE FUNCTION checklist_answer_values_of_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO checklist_answer_values (submission_id, org_id, document_id, question_id, created_at, value_text, value_number, value_choices, failing, hidden)
  SELECT NEW.id, NEW.org_id, NEW.document_id, e.key, NEW.created_at,
         CASE WHEN jsonb_typeof(e.value -> 'value') IN ('string', 'boolean') AND octet_length(e.value ->> 'value') <= 512 THEN e.value ->> 'value' END,
         CASE WHEN jsonb_typeof(e.value -> 'value') = 'number' THEN (e.value -> 'value')::float8 END,
         CASE WHEN jsonb_typeof(e.value -> 'value') = 'array' THEN ARRAY(SELECT DISTINCT c FROM jsonb_array_elements_text(e.value -> 'value') c) END,
         coalesce(e.value ->> 'valid', '') = 'false',
         coalesce(e.value ->> 'hidden', '') = 'true'
    FROM jsonb_each(NEW.record) e
   WHERE jsonb_typeof(e.value) = 'object'
     AND e.value -> 'value' IS NOT NULL
     AND NOT (e.value -> 'value' = ANY (ARRAY['null', '""', '"not checked"', '[]']::jsonb[]));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_answer_values_of_submission AFTER INSERT ON checklist_submissions
  FOR EACH ROW EXECUTE FUNCTION checklist_answer_values_of_submission();
--> statement-breakpoint
INSERT INTO checklist_answer_values (submission_id, org_id, document_id, question_id, created_at, value_text, value_number, value_choices, failing, hidden)
SELECT s.id, s.org_id, s.document_id, e.key, s.created_at,
       CASE WHEN jsonb_typeof(e.value -> 'value') IN ('string', 'boolean') AND octet_length(e.value ->> 'value') <= 512 THEN e.value ->> 'value' END,
       CASE WHEN jsonb_typeof(e.value -> 'value') = 'number' THEN (e.value -> 'value')::float8 END,
       CASE WHEN jsonb_typeof(e.value -> 'value') = 'array' THEN ARRAY(SELECT DISTINCT c FROM jsonb_array_elements_text(e.value -> 'value') c) END,
       coalesce(e.value ->> 'valid', '') = 'false',
       coalesce(e.value ->> 'hidden', '') = 'true'
  FROM checklist_submissions s, jsonb_each(s.record) e
 WHERE jsonb_typeof(e.value) = 'object'
   AND e.value -> 'value' IS NOT NULL
   AND NOT (e.value -> 'value' = ANY (ARRAY['null', '""', '"not checked"', '[]']::jsonb[]));
