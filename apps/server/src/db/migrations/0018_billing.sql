CREATE TABLE "credit_accounts" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_accounts_balance_non_negative" CHECK ("credit_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"team_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"balance_after" bigint NOT NULL,
	"hold_id" uuid,
	"external_id" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_entries_amount_non_zero" CHECK ("credit_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "credit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"charged" bigint,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "credit_holds_amount_positive" CHECK ("credit_holds"."amount" > 0),
	CONSTRAINT "credit_holds_charge_within" CHECK ("credit_holds"."charged" is null or "credit_holds"."charged" between 0 and "credit_holds"."amount")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan" text DEFAULT 'BASIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_hold_id_credit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."credit_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_team_idx" ON "credit_entries" USING btree ("team_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_external_id_key" ON "credit_entries" USING btree ("external_id") WHERE "credit_entries"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_holds_open_idx" ON "credit_holds" USING btree ("team_id","created_at") WHERE "credit_holds"."state" = 'open';--> statement-breakpoint
CREATE INDEX "sms_jobs_team_created_idx" ON "sms_jobs" USING btree ("team_id","created_at");