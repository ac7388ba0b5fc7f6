ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_session_id_fk" FOREIGN KEY ("impersonator_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_session_idx" ON "sessions" USING btree ("impersonator_session_id") WHERE "impersonator_session_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "audit_folds" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"audit_id" uuid,
	CONSTRAINT "audit_folds_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "audit_folds_audit_idx" ON "audit_folds" USING btree ("audit_id");
