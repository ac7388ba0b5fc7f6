-- The import's chunks on PGlite skip foreign-key checks with session_replication_role = replica
-- (ADR 064). The identifiers' own triggers (DNC marks, phone history) must fire all the same.
ALTER TABLE "identifiers" ENABLE ALWAYS TRIGGER "identifiers_dnc_contact";--> statement-breakpoint
ALTER TABLE "identifiers" ENABLE ALWAYS TRIGGER "identifiers_dnc_contact_deleted";--> statement-breakpoint
ALTER TABLE "identifiers" ENABLE ALWAYS TRIGGER "identifiers_history_added";--> statement-breakpoint
ALTER TABLE "identifiers" ENABLE ALWAYS TRIGGER "identifiers_history_changed";--> statement-breakpoint
ALTER TABLE "identifiers" ENABLE ALWAYS TRIGGER "identifiers_history_removed";
