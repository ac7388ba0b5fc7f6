CREATE TABLE "hook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "push_hook" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "inbound_hook" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "outbound_hook" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "podio_hook" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "hook_secret" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "api_key" text;--> statement-breakpoint
ALTER TABLE "hook_deliveries" ADD CONSTRAINT "hook_deliveries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hook_deliveries_due_idx" ON "hook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_api_key_unique" UNIQUE("api_key");