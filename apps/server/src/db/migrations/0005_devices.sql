CREATE TABLE "device_inbound" (
	"device_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_inbound_device_id_external_id_pk" PRIMARY KEY("device_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"mac_id" uuid,
	"is_intel" boolean DEFAULT false NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"pinged_at" timestamp with time zone,
	"platform" text,
	"agent_version" text,
	"sent_today" integer DEFAULT 0 NOT NULL,
	"received_today" integer DEFAULT 0 NOT NULL,
	"counter_day" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"from_value" text NOT NULL,
	"item_id" uuid,
	"message_id" uuid,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_inbound" ADD CONSTRAINT "device_inbound_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD CONSTRAINT "sms_jobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD CONSTRAINT "sms_jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD CONSTRAINT "sms_jobs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_jobs" ADD CONSTRAINT "sms_jobs_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_team_value_key" ON "devices" USING btree ("team_id","kind",lower("value"));--> statement-breakpoint
CREATE INDEX "sms_jobs_dispatch_idx" ON "sms_jobs" USING btree ("device_id","state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_jobs_message_idx" ON "sms_jobs" USING btree ("message_id");