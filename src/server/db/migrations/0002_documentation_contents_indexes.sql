CREATE INDEX "documents_live_by_name_idx" ON "documents" USING btree ("folder_id",lower("name"),"name","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_live_by_created_idx" ON "documents" USING btree ("folder_id","created_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_live_by_modified_idx" ON "documents" USING btree ("folder_id","modified_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_trash_idx" ON "documents" USING btree ("org_id","deleted_at") WHERE "documents"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "folders_live_by_name_idx" ON "folders" USING btree ("parent_id",lower("name"),"name","id") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "folders_live_by_created_idx" ON "folders" USING btree ("parent_id","created_at","id") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "folders_live_by_modified_idx" ON "folders" USING btree ("parent_id","modified_at","id") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "folders_trash_idx" ON "folders" USING btree ("org_id","deleted_at") WHERE "folders"."deleted_at" is not null;