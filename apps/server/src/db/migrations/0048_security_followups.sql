CREATE INDEX "sessions_open_impersonation_idx" ON "sessions" USING btree ("expires_at") WHERE "impersonator_id" IS NOT NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "holders" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
UPDATE "devices" d SET "holders" = ARRAY(SELECT DISTINCT c."created_by" FROM "device_codes" c WHERE c."device_id" = d."id" AND c."created_by" IS NOT NULL) WHERE EXISTS (SELECT 1 FROM "device_codes" c WHERE c."device_id" = d."id" AND c."created_by" IS NOT NULL);
