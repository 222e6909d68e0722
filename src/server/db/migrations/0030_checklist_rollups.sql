CREATE TABLE "checklist_answer_rollups" (
	"org_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"question_id" text NOT NULL,
	"choice" boolean NOT NULL,
	"answer" text NOT NULL,
	"count" integer NOT NULL,
	"failing" integer NOT NULL,
	"min" double precision,
	"max" double precision,
	CONSTRAINT "checklist_answer_rollups_pk" PRIMARY KEY("document_id","period","starts_at","question_id","choice","answer")
);
--> statement-breakpoint
CREATE TABLE "checklist_submission_rollups" (
	"org_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"share_link_id" uuid,
	"failing" boolean NOT NULL,
	"submissions" integer NOT NULL,
	CONSTRAINT "checklist_submission_rollups_key" UNIQUE NULLS NOT DISTINCT("document_id","period","starts_at","created_by","share_link_id","failing")
);
--> statement-breakpoint
ALTER TABLE "checklist_answer_values" ADD COLUMN "named" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "checklist_answer_values_number_idx" ON "checklist_answer_values" USING btree ("document_id","question_id","created_at","value_number") WHERE "checklist_answer_values"."value_number" IS NOT NULL AND NOT "checklist_answer_values"."hidden";
--> statement-breakpoint
-- A checklist's results counted per UTC hour and per UTC day (issue #45: the analytics read these rollups
-- instead of every answer). Kept by triggers in the statement that writes the submissions or their answers
-- (the application never writes them): added to on insert, taken from on delete (a minimum or maximum that
-- goes is read again from the answers left), moved on a submission's change (a submitter erased).
-- Statement triggers with transition tables: a bulk insert adds to each rollup row once.
-- First checklist_answer_values' trigger (0029) once per statement instead of once per row.
DROP TRIGGER checklist_answer_values_of_submission ON checklist_submissions;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION checklist_answer_values_of_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO checklist_answer_values (submission_id, org_id, document_id, question_id, created_at, value_text, value_number, value_choices, failing, hidden, named)
  SELECT s.id, s.org_id, s.document_id, e.key, s.created_at,
         CASE WHEN jsonb_typeof(e.value -> 'value') IN ('string', 'boolean') AND octet_length(e.value ->> 'value') <= 512 THEN e.value ->> 'value' END,
         CASE WHEN jsonb_typeof(e.value -> 'value') = 'number' THEN (e.value -> 'value')::float8 END,
         CASE WHEN jsonb_typeof(e.value -> 'value') = 'array' THEN ARRAY(SELECT DISTINCT c FROM jsonb_array_elements_text(e.value -> 'value') c) END,
         coalesce(e.value ->> 'valid', '') = 'false',
         coalesce(e.value ->> 'hidden', '') = 'true',
         coalesce(e.key = ANY (n.ids), false)
    FROM added s
    LEFT JOIN (SELECT d.id, array_agg(q.key) AS ids
                 FROM documents d, jsonb_each(CASE WHEN jsonb_typeof(d.contents -> 'questions') = 'object' THEN d.contents -> 'questions' ELSE '{}' END) q
                WHERE d.id IN (SELECT DISTINCT document_id FROM added)
                  AND q.value ->> 'valueType' IN ('pass/fail', 'true/false', 'single choice')
                GROUP BY d.id) n ON n.id = s.document_id
    CROSS JOIN jsonb_each(s.record) e
   WHERE jsonb_typeof(e.value) = 'object'
     AND e.value -> 'value' IS NOT NULL
     AND NOT (e.value -> 'value' = ANY (ARRAY['null', '""', '"not checked"', '[]']::jsonb[]));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_answer_values_of_submission AFTER INSERT ON checklist_submissions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION checklist_answer_values_of_submission();
--> statement-breakpoint
-- The submissions: per (period, submitter, failing). A change takes the old rows off and adds the new.
CREATE FUNCTION checklist_submission_rollups_of_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE checklist_submission_rollups r SET submissions = r.submissions - o.n
      FROM (SELECT s.document_id, g.period, date_trunc(g.period, s.created_at, 'UTC') AS starts_at, s.created_by, s.share_link_id,
                   s.validation_errors > 0 AS failing, count(*)::int AS n
              FROM removed s CROSS JOIN (VALUES ('hour'), ('day')) g(period)
             GROUP BY 1, 2, 3, 4, 5, 6) o
     WHERE r.document_id = o.document_id AND r.period = o.period AND r.starts_at = o.starts_at AND r.created_by IS NOT DISTINCT FROM o.created_by
       AND r.share_link_id IS NOT DISTINCT FROM o.share_link_id AND r.failing = o.failing;
    DELETE FROM checklist_submission_rollups r
     USING (SELECT DISTINCT s.document_id, date_trunc('day', s.created_at, 'UTC') AS day FROM removed s) o
     WHERE r.document_id = o.document_id AND r.starts_at >= o.day AND r.starts_at < o.day + interval '24 hours' AND r.submissions <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO checklist_submission_rollups AS r (org_id, document_id, period, starts_at, created_by, share_link_id, failing, submissions)
    SELECT s.org_id, s.document_id, g.period, date_trunc(g.period, s.created_at, 'UTC'), s.created_by, s.share_link_id, s.validation_errors > 0, count(*)::int
      FROM added s CROSS JOIN (VALUES ('hour'), ('day')) g(period)
     GROUP BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT checklist_submission_rollups_key DO UPDATE SET submissions = r.submissions + excluded.submissions;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_submission_rollups_of_insert AFTER INSERT ON checklist_submissions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION checklist_submission_rollups_of_change();
--> statement-breakpoint
CREATE TRIGGER checklist_submission_rollups_of_update AFTER UPDATE ON checklist_submissions
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION checklist_submission_rollups_of_change();
--> statement-breakpoint
CREATE TRIGGER checklist_submission_rollups_of_delete AFTER DELETE ON checklist_submissions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION checklist_submission_rollups_of_change();
--> statement-breakpoint
-- The answers: per (period, question, answer named or '') and per (period, question, choice of a multiple
-- choice); hidden answers never. An answer is `named` (counted per text) when its question, in the checklist's
-- published contents as the submission is stored, is pass/fail, true/false or single choice.
CREATE FUNCTION checklist_answer_rollups_of_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO checklist_answer_rollups AS r (org_id, document_id, period, starts_at, question_id, choice, answer, count, failing, min, max)
    SELECT a.org_id, a.document_id, g.period, date_trunc(g.period, a.created_at, 'UTC'), a.question_id, c.choice IS NOT NULL,
           coalesce(c.choice, CASE WHEN a.named THEN a.value_text END, ''),
           count(*)::int, (count(*) FILTER (WHERE a.failing))::int, min(a.value_number), max(a.value_number)
      FROM added a
      CROSS JOIN (VALUES ('hour'), ('day')) g(period)
      CROSS JOIN LATERAL (SELECT NULL::text UNION ALL SELECT unnest(a.value_choices)) c(choice)
     WHERE NOT a.hidden
     GROUP BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT checklist_answer_rollups_pk DO UPDATE
       SET count = r.count + excluded.count, failing = r.failing + excluded.failing,
           min = least(r.min, excluded.min), max = greatest(r.max, excluded.max);
  ELSE
    UPDATE checklist_answer_rollups r
       SET count = r.count - o.count, failing = r.failing - o.failing,
           min = CASE WHEN o.min <= r.min THEN (SELECT min(v.value_number) FROM checklist_answer_values v
                  WHERE v.document_id = r.document_id AND v.question_id = r.question_id AND v.value_number IS NOT NULL AND NOT v.hidden
                    AND v.created_at >= r.starts_at AND v.created_at < r.starts_at + CASE r.period WHEN 'day' THEN interval '24 hours' ELSE interval '1 hour' END) ELSE r.min END,
           max = CASE WHEN o.max >= r.max THEN (SELECT max(v.value_number) FROM checklist_answer_values v
                  WHERE v.document_id = r.document_id AND v.question_id = r.question_id AND v.value_number IS NOT NULL AND NOT v.hidden
                    AND v.created_at >= r.starts_at AND v.created_at < r.starts_at + CASE r.period WHEN 'day' THEN interval '24 hours' ELSE interval '1 hour' END) ELSE r.max END
      FROM (SELECT a.document_id, g.period, date_trunc(g.period, a.created_at, 'UTC') AS starts_at, a.question_id, c.choice IS NOT NULL AS choice,
                   coalesce(c.choice, CASE WHEN a.named THEN a.value_text END, '') AS answer, count(*)::int AS count, (count(*) FILTER (WHERE a.failing))::int AS failing,
                   min(a.value_number) AS min, max(a.value_number) AS max
              FROM removed a
              CROSS JOIN (VALUES ('hour'), ('day')) g(period)
              CROSS JOIN LATERAL (SELECT NULL::text UNION ALL SELECT unnest(a.value_choices)) c(choice)
             WHERE NOT a.hidden
             GROUP BY 1, 2, 3, 4, 5, 6) o
     WHERE r.document_id = o.document_id AND r.period = o.period AND r.starts_at = o.starts_at AND r.question_id = o.question_id
       AND r.choice = o.choice AND r.answer = o.answer;
    DELETE FROM checklist_answer_rollups r
     USING (SELECT DISTINCT a.document_id, a.question_id, date_trunc('day', a.created_at, 'UTC') AS day FROM removed a) o
     WHERE r.document_id = o.document_id AND r.question_id = o.question_id AND r.starts_at >= o.day AND r.starts_at < o.day + interval '24 hours' AND r.count <= 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_answer_rollups_of_insert AFTER INSERT ON checklist_answer_values
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION checklist_answer_rollups_of_change();
--> statement-breakpoint
CREATE TRIGGER checklist_answer_rollups_of_delete AFTER DELETE ON checklist_answer_values
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION checklist_answer_rollups_of_change();
--> statement-breakpoint
-- What was stored before: the named answers, then the rollups.
UPDATE checklist_answer_values a SET named = true
  FROM documents d, jsonb_each(CASE WHEN jsonb_typeof(d.contents -> 'questions') = 'object' THEN d.contents -> 'questions' ELSE '{}' END) q
 WHERE d.id = a.document_id AND q.key = a.question_id AND q.value ->> 'valueType' IN ('pass/fail', 'true/false', 'single choice');
--> statement-breakpoint
INSERT INTO checklist_submission_rollups (org_id, document_id, period, starts_at, created_by, share_link_id, failing, submissions)
SELECT s.org_id, s.document_id, g.period, date_trunc(g.period, s.created_at, 'UTC'), s.created_by, s.share_link_id, s.validation_errors > 0, count(*)::int
  FROM checklist_submissions s CROSS JOIN (VALUES ('hour'), ('day')) g(period)
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO checklist_answer_rollups (org_id, document_id, period, starts_at, question_id, choice, answer, count, failing, min, max)
SELECT a.org_id, a.document_id, g.period, date_trunc(g.period, a.created_at, 'UTC'), a.question_id, c.choice IS NOT NULL,
       coalesce(c.choice, CASE WHEN a.named THEN a.value_text END, ''),
       count(*)::int, (count(*) FILTER (WHERE a.failing))::int, min(a.value_number), max(a.value_number)
  FROM checklist_answer_values a
  CROSS JOIN (VALUES ('hour'), ('day')) g(period)
  CROSS JOIN LATERAL (SELECT NULL::text UNION ALL SELECT unnest(a.value_choices)) c(choice)
 WHERE NOT a.hidden
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
