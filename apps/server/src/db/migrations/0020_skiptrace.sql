CREATE TABLE "skiptrace_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"hold_id" uuid NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skiptrace_run_items" (
	"run_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"batch_id" uuid,
	"hit" boolean,
	CONSTRAINT "skiptrace_run_items_run_id_item_id_pk" PRIMARY KEY("run_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "skiptrace_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"created_by" uuid,
	"type" text NOT NULL,
	"price" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"landlines" integer DEFAULT 0 NOT NULL,
	"dnc" integer DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "line_type" text;--> statement-breakpoint
ALTER TABLE "skiptrace_batches" ADD CONSTRAINT "skiptrace_batches_run_id_skiptrace_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."skiptrace_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skiptrace_run_items" ADD CONSTRAINT "skiptrace_run_items_run_id_skiptrace_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."skiptrace_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skiptrace_run_items" ADD CONSTRAINT "skiptrace_run_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skiptrace_runs" ADD CONSTRAINT "skiptrace_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skiptrace_runs" ADD CONSTRAINT "skiptrace_runs_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skiptrace_runs" ADD CONSTRAINT "skiptrace_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skiptrace_run_items_state_idx" ON "skiptrace_run_items" USING btree ("run_id","state","position");--> statement-breakpoint
CREATE INDEX "skiptrace_runs_list_idx" ON "skiptrace_runs" USING btree ("list_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "skiptrace_runs_state_idx" ON "skiptrace_runs" USING btree ("state");