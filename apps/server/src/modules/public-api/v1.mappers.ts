import {
  itemTitle,
  type CampaignDto,
  type V1Campaign,
  type V1Contact,
  type V1Import,
  type V1Record,
  type V1Task,
} from '@prospector/core';
import type { TeamRecordRow, TeamTaskRow } from '../records/index.js';

/** The public API's shapes of the app's rows and DTOs (ADR 043). */
const iso = (d: Date | string) => new Date(d).toISOString();
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function toV1Contact(r: TeamRecordRow): V1Contact {
  const { 'First name': first, 'Last name': last, ...fields } = r.data;
  return {
    id: r.id,
    firstName: str(first),
    lastName: str(last),
    phones: r.phones ?? [],
    emails: r.emails ?? [],
    statusId: r.statusId,
    fields,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export function toV1Record(r: TeamRecordRow): V1Record {
  return {
    id: r.id,
    title: itemTitle(r.type, r.data),
    fields: r.data,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export function toV1Task(t: TeamTaskRow): V1Task {
  return {
    id: t.id,
    recordId: t.itemId,
    text: t.text,
    completed: t.completed,
    due: t.due === null ? null : iso(t.due),
    createdAt: iso(t.createdAt),
  };
}

export function toV1Campaign(c: CampaignDto): V1Campaign {
  return {
    id: c._id,
    name: c.name,
    type: c.campaignType,
    status: c.status,
    paused: c.paused,
    recipients: c.recipients,
    sent: c.sent,
    replied: c.replied,
    createdAt: c.createdAt,
  };
}

export function toV1Import(l: {
  id: string;
  name: string;
  state: V1Import['state'];
  totalRows: number;
  rowsDone: number;
  error: string | null;
  result: V1Import['result'];
  fields: V1Import['mapping'] | null;
}): V1Import {
  return {
    id: l.id,
    listId: l.id,
    name: l.name,
    state: l.state,
    totalRows: l.totalRows,
    rowsDone: l.rowsDone,
    error: l.error,
    mapping: (l.fields ?? []).map(({ name, type, matchesTo }) => ({ name, type, matchesTo })),
    result: l.result,
  };
}
