-- Result sheets' materialised rows (issue #13; schema.ts sheet_rows): the submission path only notes what
-- is new, the next read of a sheet brings its rows up to date (db/queries/sheet-rows.ts).
-- A submission of a checklist feeding built sheets is noted for each of them (one index probe when none).
CREATE FUNCTION sheet_pending_of_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sheet_pending_submissions (sheet_id, submission_id)
  SELECT f.sheet_id, NEW.id FROM sheet_row_forms f WHERE f.form_id = NEW.document_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sheet_pending_of_submission AFTER INSERT ON checklist_submissions
  FOR EACH ROW EXECUTE FUNCTION sheet_pending_of_submission();
--> statement-breakpoint
-- Submissions are deleted only with their checklist (a purge) or their organisation: the sheets they fed
-- are rebuilt on their next read.
CREATE FUNCTION sheet_rebuild_after_submissions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sheet_row_builds b SET rebuild = true
   WHERE NOT b.rebuild
     AND b.sheet_id IN (SELECT f.sheet_id FROM sheet_row_forms f WHERE f.form_id IN (SELECT DISTINCT g.document_id FROM gone g));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sheet_rebuild_after_submissions_deleted AFTER DELETE ON checklist_submissions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION sheet_rebuild_after_submissions_deleted();
