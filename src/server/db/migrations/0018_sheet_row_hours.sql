CREATE TABLE "sheet_row_hours" (
	"sheet_id" uuid NOT NULL,
	"hour" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "sheet_row_hours_sheet_id_hour_pk" PRIMARY KEY("sheet_id","hour")
);
--> statement-breakpoint
ALTER TABLE "sheet_row_hours" ADD CONSTRAINT "sheet_row_hours_sheet_id_sheet_row_builds_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheet_row_builds"("sheet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers on sheet_rows (each insert or delete adds up its rows by sheet and hour).
CREATE FUNCTION sheet_row_hours_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sheet_row_hours (sheet_id, hour, n)
  SELECT a.sheet_id, floor(extract(epoch FROM a.at) / 3600)::int, count(*)::int FROM added a GROUP BY 1, 2
  ON CONFLICT (sheet_id, hour) DO UPDATE SET n = sheet_row_hours.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sheet_row_hours_added AFTER INSERT ON sheet_rows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sheet_row_hours_added();
--> statement-breakpoint
-- An hour whose rows are all gone keeps its row with n = 0 (its sheet's next rows are likely in it again).
CREATE FUNCTION sheet_row_hours_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sheet_row_hours h SET n = h.n - g.n
    FROM (SELECT r.sheet_id, floor(extract(epoch FROM r.at) / 3600)::int AS hour, count(*)::int AS n FROM removed r GROUP BY 1, 2) g
   WHERE h.sheet_id = g.sheet_id AND h.hour = g.hour;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sheet_row_hours_removed AFTER DELETE ON sheet_rows
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION sheet_row_hours_removed();
--> statement-breakpoint
INSERT INTO sheet_row_hours (sheet_id, hour, n)
SELECT r.sheet_id, floor(extract(epoch FROM r.at) / 3600)::int, count(*)::int FROM sheet_rows r GROUP BY 1, 2;
