DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_key" ON "users" USING btree ("email") WHERE "users"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_team_email_key" ON "users" USING btree ("team_id","email");--> statement-breakpoint
-- Accounts that have logged in (by code, not by impersonation) proved their address then.
UPDATE "users" SET "verified_at" = s.first_login
FROM (
  SELECT "user_id", min("created_at") AS first_login FROM "sessions"
  WHERE "impersonator_id" IS NULL GROUP BY "user_id"
) s
WHERE s."user_id" = "users"."id";
