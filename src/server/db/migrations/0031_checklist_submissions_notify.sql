-- Custom SQL migration file, put your code below! --
-- A checklist's new submissions told to the live hub (issue #45: every viewer with Read sees the results
-- page's counts move; src/server/live/hub.ts): once per statement, per checklist it stored submissions to,
-- on the channel the notifications use, '{"o": orgId, "s": checklistId}'. Delivered at commit, never for a
-- rollback, to every server process listening.
CREATE FUNCTION checklist_submissions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', json_build_object('o', x.org_id, 's', x.document_id)::text)
     FROM (SELECT DISTINCT org_id, document_id FROM added) x;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_submissions_notify AFTER INSERT ON checklist_submissions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION checklist_submissions_notify();
