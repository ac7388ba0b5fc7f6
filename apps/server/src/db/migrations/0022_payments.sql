CREATE TABLE "payment_accounts" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_seq" integer DEFAULT 0 NOT NULL,
	"auto_fill" boolean DEFAULT false NOT NULL,
	"autofill_load" bigint,
	"autofill_lower_than" bigint,
	"autofill_seq" integer DEFAULT 0 NOT NULL,
	"autofill_claimed_at" timestamp with time zone,
	"autofill_failure" text,
	"load_seq" integer DEFAULT 0 NOT NULL,
	"subscription_seq" integer DEFAULT 0 NOT NULL,
	"subscription_id" text,
	"subscription_status" text,
	"subscription_plan" text,
	"subscription_monthly" boolean,
	"subscription_cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"subscription_period_end" timestamp with time zone,
	"subscription_created_at" timestamp with time zone,
	"subscription_state_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_accounts_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_team_idx" ON "payments" USING btree ("team_id","created_at");