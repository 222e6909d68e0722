-- Result sheets (issue #13): each submission's joinable answers into checklist_answer_keys as it is
-- inserted (the application never writes them), and those of the submissions stored before.
CREATE FUNCTION checklist_answer_keys_of_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO checklist_answer_keys (submission_id, org_id, document_id, question_id, value, created_at)
  SELECT NEW.id, NEW.org_id, NEW.document_id, e.key, e.value -> 'value', NEW.created_at
    FROM jsonb_each(NEW.record) e
   WHERE jsonb_typeof(e.value) = 'object'
     AND e.value -> 'value' IS NOT NULL
     AND NOT (e.value -> 'value' = ANY (ARRAY['null', '""', '"not checked"', '[]']::jsonb[]))
     AND octet_length((e.value -> 'value')::text) <= 512;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_answer_keys_of_submission AFTER INSERT ON checklist_submissions
  FOR EACH ROW EXECUTE FUNCTION checklist_answer_keys_of_submission();
--> statement-breakpoint
INSERT INTO checklist_answer_keys (submission_id, org_id, document_id, question_id, value, created_at)
SELECT s.id, s.org_id, s.document_id, e.key, e.value -> 'value', s.created_at
  FROM checklist_submissions s, jsonb_each(s.record) e
 WHERE jsonb_typeof(e.value) = 'object'
   AND e.value -> 'value' IS NOT NULL
   AND NOT (e.value -> 'value' = ANY (ARRAY['null', '""', '"not checked"', '[]']::jsonb[]))
   AND octet_length((e.value -> 'value')::text) <= 512;
