ALTER TABLE "uploads" ALTER COLUMN "org_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Before this migration PUT auth/me stored any id as the avatar: only ids of uploads stay.
UPDATE "users" SET "avatar" = NULL WHERE "avatar" IS NOT NULL AND "avatar" NOT IN (SELECT "id" FROM "uploads");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_uploads_id_fk" FOREIGN KEY ("avatar") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id") WHERE "uploads"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_owner" CHECK (("uploads"."purpose" = 'document' and "uploads"."org_id" is not null and "uploads"."document_id" is not null and "uploads"."user_id" is null)
        or ("uploads"."purpose" = 'avatar' and "uploads"."org_id" is null and "uploads"."document_id" is null and "uploads"."user_id" is not null));