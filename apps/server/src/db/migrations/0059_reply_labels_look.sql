CREATE INDEX IF NOT EXISTS "reply_labels_look_idx" ON "reply_labels" USING btree ("team_id","item_id") WHERE "reply_labels"."needs_look";
