ALTER TABLE "uploads" ADD COLUMN "size_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_team_created_idx" ON "uploads" USING btree ("team_id","created_at");--> statement-breakpoint
-- Uploads an import already used are claimed: importing one of them again is refused.
UPDATE "uploads" SET "imported_at" = "j"."created_at" FROM "import_jobs" "j" WHERE "j"."upload_id" = "uploads"."id";
