CREATE TABLE "quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subtemplates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"group_id" uuid,
	"text" text NOT NULL,
	"blocked_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"campaign_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"identifier_id" uuid,
	"tried" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"step" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"paused" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'In Progress' NOT NULL,
	"campaign_type" text DEFAULT 'Text' NOT NULL,
	"phone_type" text,
	"list_ids" jsonb NOT NULL,
	"status_ids" jsonb NOT NULL,
	"last_contacted_at" timestamp with time zone,
	"week_days" jsonb NOT NULL,
	"start_hour" integer NOT NULL,
	"end_hour" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"has_end" boolean DEFAULT false NOT NULL,
	"timezone" text NOT NULL,
	"group_ids" jsonb NOT NULL,
	"device_ids" jsonb NOT NULL,
	"paused_devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days_to_change_receiver" integer DEFAULT 1 NOT NULL,
	"sms_fallback" boolean DEFAULT false NOT NULL,
	"seed" integer DEFAULT 0 NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_campaign_days" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"first_touch" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	CONSTRAINT "device_campaign_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "ppgl" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "last_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD COLUMN "step" integer;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtemplates" ADD CONSTRAINT "subtemplates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_groups" ADD CONSTRAINT "template_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_group_id_template_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."template_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_campaign_days" ADD CONSTRAINT "device_campaign_days_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_replies_team_idx" ON "quick_replies" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subtemplates_team_name_key" ON "subtemplates" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "template_groups_team_idx" ON "template_groups" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "templates_team_group_idx" ON "templates" USING btree ("team_id","group_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_due_idx" ON "campaign_recipients" USING btree ("campaign_id","next_at","seq") WHERE "campaign_recipients"."state" in ('pending', 'waiting');--> statement-breakpoint
CREATE INDEX "campaign_recipients_item_idx" ON "campaign_recipients" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_state_idx" ON "campaign_recipients" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaigns_team_idx" ON "campaigns" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_running_idx" ON "campaigns" USING btree ("status") WHERE "campaigns"."status" = 'In Progress' and not "campaigns"."paused";--> statement-breakpoint
CREATE UNIQUE INDEX "sms_jobs_recipient_step_key" ON "sms_jobs" USING btree ("recipient_id","step") WHERE "sms_jobs"."recipient_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_jobs_campaign_idx" ON "sms_jobs" USING btree ("campaign_id","device_id","state") WHERE "sms_jobs"."campaign_id" is not null;--> statement-breakpoint
UPDATE "items" SET "last_contacted_at" = m."at" FROM (SELECT "item_id", max("created_at") AS "at" FROM "messages" WHERE "direction" = 'out' AND NOT "comment" AND NOT "system" AND NOT "is_im" GROUP BY "item_id") m WHERE "items"."id" = m."item_id";
