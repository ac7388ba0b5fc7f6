ALTER TABLE "identifiers" DROP CONSTRAINT "identifiers_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "item_links" DROP CONSTRAINT "item_links_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "item_keys" DROP CONSTRAINT "item_keys_team_id_teams_id_fk";
