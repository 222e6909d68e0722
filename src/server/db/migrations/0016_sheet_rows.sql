CREATE TABLE "sheet_pending_submissions" (
	"sheet_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	CONSTRAINT "sheet_pending_submissions_sheet_id_submission_id_pk" PRIMARY KEY("sheet_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "sheet_row_builds" (
	"sheet_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"tree_key" text NOT NULL,
	"rebuild" boolean DEFAULT false NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sheet_row_forms" (
	"sheet_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	CONSTRAINT "sheet_row_forms_sheet_id_form_id_pk" PRIMARY KEY("sheet_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "sheet_rows" (
	"sheet_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"root_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"tie" text NOT NULL,
	"ids" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sheet_row_builds" ADD CONSTRAINT "sheet_row_builds_sheet_id_documents_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_row_forms" ADD CONSTRAINT "sheet_row_forms_sheet_id_sheet_row_builds_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheet_row_builds"("sheet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_rows" ADD CONSTRAINT "sheet_rows_sheet_id_sheet_row_builds_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheet_row_builds"("sheet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sheet_row_forms_form_idx" ON "sheet_row_forms" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "sheet_rows_order_idx" ON "sheet_rows" USING btree ("sheet_id","at" DESC NULLS LAST,"tie" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sheet_rows_root_idx" ON "sheet_rows" USING btree ("sheet_id","root_id");