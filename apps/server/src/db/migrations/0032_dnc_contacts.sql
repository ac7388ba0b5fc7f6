-- A contact whose every phone is DNC is in the team's built-in DNC status (ADR 030), whichever path
-- marked the phone: a STOP reply, a skip trace's DNC flag, an imported DNC list, an import's DNC
-- column, a phone marked by hand, or the deletion of its last phone that was not DNC. A contact with
-- no phone, or with one phone still usable, keeps its status. Only the change to DNC is made here:
-- a phone un-marked later leaves the contact where it is (the team moves it back).
CREATE FUNCTION contact_dnc_when_every_phone_is() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    target := OLD.item_id;
  ELSE
    target := NEW.item_id;
  END IF;
  UPDATE items i SET status_id = s.id
  FROM statuses s
  WHERE i.id = target AND i.type = 'contact'
    AND s.team_id = i.team_id AND s.built_in AND s.text = 'DNC'
    AND i.status_id IS DISTINCT FROM s.id
    AND EXISTS (SELECT 1 FROM identifiers d WHERE d.item_id = i.id AND NOT d.is_email)
    AND NOT EXISTS (SELECT 1 FROM identifiers d WHERE d.item_id = i.id AND NOT d.is_email AND d.status <> 'DNC');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER identifiers_dnc_contact AFTER INSERT OR UPDATE OF status ON identifiers
  FOR EACH ROW WHEN (NEW.status = 'DNC' AND NOT NEW.is_email) EXECUTE FUNCTION contact_dnc_when_every_phone_is();
--> statement-breakpoint
CREATE TRIGGER identifiers_dnc_contact_deleted AFTER DELETE ON identifiers
  FOR EACH ROW WHEN (OLD.status <> 'DNC' AND NOT OLD.is_email) EXECUTE FUNCTION contact_dnc_when_every_phone_is();
--> statement-breakpoint
-- Contacts already opted out on every phone move now.
UPDATE items i SET status_id = s.id
FROM statuses s
WHERE i.type = 'contact' AND s.team_id = i.team_id AND s.built_in AND s.text = 'DNC'
  AND i.status_id IS DISTINCT FROM s.id
  AND EXISTS (SELECT 1 FROM identifiers d WHERE d.item_id = i.id AND NOT d.is_email)
  AND NOT EXISTS (SELECT 1 FROM identifiers d WHERE d.item_id = i.id AND NOT d.is_email AND d.status <> 'DNC');
