CREATE TABLE "import_mappings" (
	"team_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_mappings_team_id_header_key_pk" PRIMARY KEY("team_id","header_key")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "row_limit" integer;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;