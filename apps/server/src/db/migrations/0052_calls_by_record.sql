-- A record's calls, newest first: the 24-hour limit of Florida, Oklahoma and Maryland counts calls with
-- texts, and a member's own call stops a campaign's follow-ups (ADR 046).
CREATE INDEX "calls_item_idx" ON "calls" USING btree ("item_id","started_at" DESC);
