import { mayReadRecord, maySeeSection, type ItemDto, type ItemType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { photoUrl } from './photo-store.js';
import { identifierDtos, toSummary } from './records.mappers.js';
import * as q from './records.queries.js';

async function statusText(db: Db, teamId: string, statusId: string | null) {
  if (!statusId) return null;
  return (await q.listStatuses(db, teamId)).find((s) => s.id === statusId)?.text ?? null;
}

/** The sections of an entity the caller sees (a section limited to others is not theirs: ADR 031). */
async function visibleSections(db: Db, auth: AuthContext, entity: ItemType) {
  const viewer = { id: auth.userId, role: auth.user.role, permissions: auth.user.permissions };
  return (await q.findSections(db, auth.teamId, entity)).filter((s) => maySeeSection(viewer, s));
}

/** The record's linked records the viewer may open, summarised (the others are not: ADR 031). */
async function linkedSummaries(db: Db, auth: AuthContext, itemId: string) {
  const viewer = { id: auth.userId, role: auth.user.role, dataAccess: auth.user.dataAccess };
  const linked = (await q.linkedSummaries(db, itemId)).filter((l) => mayReadRecord(viewer, l.assignedTo));
  const primaries = await q.primaryValues(
    db,
    linked.filter((l) => l.type === 'contact').map((l) => l.id),
  );
  return linked.map((l) => toSummary(l, l.statusText, primaries.get(l.id)));
}

async function toItemDto(db: Db, auth: AuthContext, item: q.ItemRow): Promise<ItemDto> {
  const [idts, summaries, notifCount, status, sections] = await Promise.all([
    q.listIdentifiers(db, item.id),
    linkedSummaries(db, auth, item.id),
    q.unreadCountForItem(db, auth.userId, item.id),
    statusText(db, item.teamId, item.statusId),
    visibleSections(db, auth, item.type),
  ]);
  // Values of fields in sections limited to others stay on the server.
  const seen = new Set(sections.flatMap((s) => s.fields.map((f) => f._id)));
  const custom = Object.fromEntries(Object.entries(item.custom).filter(([id]) => seen.has(id)));
  return {
    _id: item.id,
    type: item.type,
    status,
    data: item.data,
    custom: custom as ItemDto['custom'],
    idts: identifierDtos(idts),
    assignedTo: item.assignedTo,
    pushedToCrm: item.pushedToCrm,
    queued: item.queued,
    notifCount,
    properties: summaries.filter((s) => s.type === 'property'),
    contacts: summaries.filter((s) => s.type === 'contact'),
    companies: summaries.filter((s) => s.type === 'company'),
    image: item.image ? photoUrl(item.id, item.image.file) : null,
    location: item.location ?? null,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/**
 * A record as a member reads it: its card and detail (`ItemDto`) with only the fields, linked records
 * and sections the member may see (ADR 031), its status's text, an entity's sections.
 */
export function createItemDtos(db: Db) {
  return {
    statusText: (teamId: string, statusId: string | null) => statusText(db, teamId, statusId),
    visibleSections: (auth: AuthContext, entity: ItemType) => visibleSections(db, auth, entity),
    toItemDto: (auth: AuthContext, item: q.ItemRow) => toItemDto(db, auth, item),
  };
}
