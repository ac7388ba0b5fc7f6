CREATE TABLE "affiliate_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"earnings_cents" bigint DEFAULT 0 NOT NULL,
	"payout_account_id" text,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliate_accounts_earnings_non_negative" CHECK ("affiliate_accounts"."earnings_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"minus" boolean NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'done' NOT NULL,
	"payment_id" text,
	"referred_team_id" uuid,
	"transfer_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliate_entries_amount_positive" CHECK ("affiliate_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_signups" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_accounts" ADD CONSTRAINT "affiliate_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD CONSTRAINT "affiliate_entries_referred_team_id_teams_id_fk" FOREIGN KEY ("referred_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_signups" ADD CONSTRAINT "affiliate_signups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_signups" ADD CONSTRAINT "affiliate_signups_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_accounts_code_key" ON "affiliate_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "affiliate_entries_user_idx" ON "affiliate_entries" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_entries_payment_key" ON "affiliate_entries" USING btree ("payment_id") WHERE "affiliate_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "affiliate_entries_pending_idx" ON "affiliate_entries" USING btree ("user_id") WHERE "affiliate_entries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_signups_referrer_idx" ON "affiliate_signups" USING btree ("referrer_id");