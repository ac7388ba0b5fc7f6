import {
  decodeCursor,
  emptyImportResult,
  encodeCursor,
  importValue,
  itemSearchText,
  normalizeEmailIdentifier,
  normalizeImportPhone,
  rowPhoneRegion,
  type V1Contact,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import { planChunk } from '../../engines/import/plan-chunk.js';
import type { Values } from '../../engines/import/prepare-row.js';
import { stackChunk } from '../../engines/import/stack-chunk.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { RecordsService } from '../records/index.js';
import type { PublicApiErrorCode } from './public-api.errors.js';
import * as q from './v1.queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function toV1Contact(r: q.ContactRow): V1Contact {
  const { 'First name': first, 'Last name': last, ...fields } = r.data;
  return {
    id: r.id,
    firstName: str(first),
    lastName: str(last),
    phones: r.phones ?? [],
    emails: r.emails ?? [],
    statusId: r.status_id,
    fields,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

type ContactInput = {
  listId: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phones: string[];
  emails: string[];
  countryCode: string;
};

export type V1Service = ReturnType<typeof createV1Service>;

/** The public API v1's contacts, threads and lists, for one team (the key's). */
export function createV1Service(deps: { db: Db; clock: Clock; records: RecordsService }) {
  const { db, clock } = deps;
  type R<T> = Promise<Result<T, PublicApiErrorCode>>;

  async function contact(teamId: string, id: string): R<V1Contact> {
    const row = await q.findContact(db, teamId, id);
    return row ? ok(toV1Contact(row)) : fail('API_CONTACT_NOT_FOUND');
  }

  return {
    contact,

    async pageContacts(teamId: string, cursor: string | undefined, limit: number) {
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !after) return fail('CURSOR_INVALID');
      const rows = await q.pageContacts(db, teamId, after, limit + 1);
      const data = rows.slice(0, limit).map(toV1Contact);
      const last = data.at(-1);
      const nextCursor = rows.length > limit && last ? encodeCursor(last) : null;
      return ok({ data, nextCursor });
    },

    /**
     * One contact through the import's stacker (engines/import), as a one-row import into the list: a
     * phone or e-mail the team has adds to that contact and fills only its empty fields.
     */
    async createContact(teamId: string, input: ContactInput): R<{ contact: V1Contact; created: boolean }> {
      const { region } = rowPhoneRegion(undefined, input.countryCode);
      const phones = [
        ...new Set(input.phones.map((p) => normalizeImportPhone(p, region)).filter((p) => p !== null)),
      ];
      const emails = [
        ...new Set(input.emails.map((e) => normalizeEmailIdentifier(e)).filter((e) => e !== null)),
      ];
      if (phones.length + emails.length === 0) return fail('API_NO_IDENTIFIER');
      const data: Values = {};
      if (input.firstName) data['First name'] = importValue('First name', input.firstName);
      if (input.lastName) data['Last name'] = importValue('Last name', input.lastName);
      const plan = await planChunk([
        { contact: { data, custom: {}, phones, emails }, property: null, company: null },
      ]);
      const result = emptyImportResult();
      const outcome = await db.transaction(async (tx) => {
        if (!(await q.listExists(tx, teamId, input.listId))) return null;
        const now = clock.now();
        const notContactedId = await deps.records.notContactedStatusId(tx, teamId);
        const ctx = { teamId, listId: input.listId, now, notContactedId, restrictedTo: null };
        const added = await stackChunk(tx, ctx, plan, result);
        if (added.contacts > 0) await q.countIntoList(tx, input.listId, added.contacts);
        return true;
      });
      if (!outcome) return fail('API_LIST_NOT_FOUND');
      const id = plan.contacts[0]!.id;
      const stackedOnto = result.contactsMerged > 0 ? await findByIdentifier(teamId, phones, emails) : id;
      const found = await contact(teamId, stackedOnto ?? id);
      if (!found.ok) return found;
      return ok({ contact: found.value, created: result.contactsNew > 0 });
    },

    async updateContact(teamId: string, id: string, input: { firstName?: string; lastName?: string }) {
      const patch: Record<string, string> = {};
      if (input.firstName !== undefined) patch['First name'] = importValue('First name', input.firstName);
      if (input.lastName !== undefined) patch['Last name'] = importValue('Last name', input.lastName);
      const done = await q.updateContactData(db, teamId, id, patch, itemSearchText, clock.now());
      return done ? contact(teamId, id) : fail('API_CONTACT_NOT_FOUND');
    },

    async thread(teamId: string, id: string) {
      if (!(await q.findContact(db, teamId, id))) return fail('API_CONTACT_NOT_FOUND');
      const rows = await q.threadTexts(db, teamId, id);
      return ok({
        data: rows.map((r) => ({
          id: r.id,
          direction: r.direction,
          body: r.body,
          phone: r.phone,
          status: r.status,
          createdAt: iso(r.created_at),
        })),
      });
    },

    async createList(teamId: string, name: string) {
      const row = await q.insertList(db, teamId, name, clock.now());
      return ok({ id: row.id, name: row.name, createdAt: iso(row.created_at) });
    },

    async addToList(teamId: string, listId: string, contactIds: string[]): R<{ added: number }> {
      const ids = [...new Set(contactIds)];
      if (!(await q.listExists(db, teamId, listId))) return fail('API_LIST_NOT_FOUND');
      // Every id must be the team's: another team's id answers 404, as if it did not exist.
      if ((await q.countTeamContacts(db, teamId, ids)) !== ids.length) return fail('API_CONTACT_NOT_FOUND');
      return ok({ added: await q.addContactsToList(db, teamId, listId, ids) });
    },
  };

  async function findByIdentifier(teamId: string, phones: string[], emails: string[]) {
    return q.contactIdByIdentifier(db, teamId, [...phones, ...emails]);
  }
}
