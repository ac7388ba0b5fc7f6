import type { Db } from '../../db/client.js';
import { findContactCampaignName } from './push.queries.js';
import * as q from './records.queries.js';
import { findTeamStatus } from './statuses.queries.js';

/**
 * What 'Push to CRM' sends of a record besides its fields: its whole thread (oldest first), its status,
 * the campaign it is in, its custom fields by name and its phone and e-mail (the primary ones first).
 */
export async function loadPushContent(db: Db, item: q.ItemRow) {
  const [thread, status, campaignName, sections, idts] = await Promise.all([
    q.listThread(db, item.id),
    item.statusId ? findTeamStatus(db, item.teamId, item.statusId) : null,
    findContactCampaignName(db, item.teamId, item.id),
    q.findSections(db, item.teamId, item.type),
    q.listIdentifiers(db, item.id),
  ]);
  const custom: Record<string, string | number | boolean | null> = {};
  for (const field of sections.flatMap((s) => s.fields).filter((f) => !f.system)) {
    const value = item.custom[field._id];
    if (value !== undefined) custom[field.name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // A contact has one primary phone or e-mail: of the other kind, its first.
  const primary = (email: boolean) =>
    (idts.find((i) => i.primary && i.isEmail === email) ?? idts.find((i) => i.isEmail === email))?.value;
  const contact = {
    ...(primary(false) ? { Phone: primary(false) } : {}),
    ...(primary(true) ? { Email: primary(true) } : {}),
  };
  return {
    thread,
    status: status?.text ?? null,
    campaignName,
    fields: { ...item.data, ...custom, ...contact },
  };
}
