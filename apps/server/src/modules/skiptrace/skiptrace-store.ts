import { randomUUID } from 'node:crypto';
import {
  contactCreatedData,
  hitFigures,
  isHit,
  itemSearchText,
  keepForType,
  normalizeEmailIdentifier,
  normalizePhone,
  sameName,
  type SkiptraceType,
  type TracedPerson,
  type TraceResult,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import { setPhoneOrigin } from '../../db/phone-origin.js';
import { dncMarks } from '../records/index.js';
import * as q from './skiptrace.queries.js';

/** What one property's trace added: its owners with the phones and e-mails found. */
export type StoredOwner = {
  id: string;
  name: string;
  phones: { value: string; lineType: 'mobile' | 'landline' | 'other'; dnc: boolean }[];
  emails: string[];
  /** Made by this trace (not stacked onto a contact the team had): its `contact.created` is due. */
  created: { firstName: string; lastName: string; phones: string[]; emails: string[] } | null;
};
export type StoredProperty = {
  propertyId: string;
  hit: boolean;
  owners: StoredOwner[];
  landlines: number;
  dnc: number;
};

/** Valid phones in E.164 and valid e-mails only: a provider's malformed value is dropped, not stored. */
function clean(persons: TracedPerson[]): TracedPerson[] {
  return persons
    .map((p) => ({
      ...p,
      phones: p.phones.flatMap((ph) => {
        const e164 = normalizePhone(ph.number);
        return e164 ? [{ ...ph, number: e164 }] : [];
      }),
      emails: p.emails.flatMap((e) => normalizeEmailIdentifier(e) ?? []),
    }))
    .filter((p) => p.phones.length || p.emails.length);
}

/**
 * Stores a batch's results in the caller's transaction: each hit's owners become contacts linked to
 * the property, stacked — an owner already known (a contact holding one of the found phones or
 * e-mails, or a contact linked to the property under the same name) gets the new values and the link,
 * never a copy. Found values carry their source ('skiptrace') and line type; a phone the provider flags
 * DNC, or on the team's DNC list, is stored as DNC (and one the team had already becomes DNC). A
 * property with no Owner takes its first owner's name.
 */
export async function storeResults(
  tx: Db,
  ctx: {
    teamId: string;
    type: SkiptraceType;
    listIds: (propertyId: string) => string[];
    statusId: string | null;
    now: Date;
  },
  results: { propertyId: string; result: TraceResult }[],
): Promise<StoredProperty[]> {
  const kept = results.map((r) => ({
    propertyId: r.propertyId,
    persons: clean(keepForType(r.result, ctx.type)),
  }));
  const hits = kept.filter((k) => isHit(k.persons));
  if (hits.length === 0)
    return kept.map((k) => ({ propertyId: k.propertyId, hit: false, owners: [], landlines: 0, dnc: 0 }));

  await q.lockTeamStacker(tx, ctx.teamId);
  const values = hits.flatMap((h) =>
    h.persons.flatMap((p) => [...p.phones.map((x) => x.number), ...p.emails]),
  );
  const known = await q.lookUpOwners(
    tx,
    ctx.teamId,
    values,
    hits.map((h) => h.propertyId),
  );
  const ownerOf = new Map(known.owned.map((o) => [o.value, o.itemId]));
  const teamDnc = new Set(known.dnc);
  const linkedTo = new Map<string, q.KnownOwners['linked']>();
  for (const l of known.linked) linkedTo.set(l.propertyId, [...(linkedTo.get(l.propertyId) ?? []), l]);

  const w: q.OwnerWrites = { contacts: [], identifiers: [], links: [], members: [], owners: [] };
  const newDnc: string[] = [];
  const stored = new Map<string, StoredProperty>();
  for (const { propertyId, persons } of hits) {
    const owners: StoredOwner[] = [];
    for (const person of persons) {
      const name = `${person.firstName} ${person.lastName}`.trim();
      const personValues = [...person.phones.map((p) => p.number), ...person.emails];
      const byValue = personValues.map((v) => ownerOf.get(v)).find(Boolean);
      const byName = (linkedTo.get(propertyId) ?? []).find((c) =>
        sameName(`${c.first ?? ''} ${c.last ?? ''}`, name),
      )?.contactId;
      let contactId = byValue ?? byName;
      const isNew = !contactId;
      if (!contactId) {
        contactId = randomUUID();
        const data = { 'First name': person.firstName, 'Last name': person.lastName };
        w.contacts.push({ id: contactId, status_id: ctx.statusId, data, search_text: itemSearchText(data) });
        linkedTo.set(propertyId, [
          ...(linkedTo.get(propertyId) ?? []),
          { propertyId, contactId, first: person.firstName, last: person.lastName },
        ]);
      }
      let position = 0;
      const phones: StoredOwner['phones'] = [];
      const created = isNew
        ? {
            firstName: person.firstName,
            lastName: person.lastName,
            phones: [] as string[],
            emails: [] as string[],
          }
        : null;
      for (const ph of person.phones) {
        const dnc = ph.dnc || teamDnc.has(ph.number);
        phones.push({ value: ph.number, lineType: ph.lineType, dnc });
        if (ownerOf.has(ph.number)) {
          if (dnc) newDnc.push(ph.number);
          continue;
        }
        ownerOf.set(ph.number, contactId);
        created?.phones.push(ph.number);
        w.identifiers.push({
          item_id: contactId,
          value: ph.number,
          is_email: false,
          primary: isNew && position === 0,
          status: dnc ? 'DNC' : '',
          position: position++,
          line_type: ph.lineType,
        });
      }
      for (const email of person.emails) {
        if (ownerOf.has(email)) continue;
        ownerOf.set(email, contactId);
        created?.emails.push(email);
        w.identifiers.push({
          item_id: contactId,
          value: email,
          is_email: true,
          primary: false,
          status: '',
          position: position++,
          line_type: null,
        });
      }
      w.links.push({ f: propertyId, t: contactId });
      for (const listId of ctx.listIds(propertyId)) w.members.push({ list_id: listId, id: contactId });
      owners.push({ id: contactId, name, phones, emails: person.emails, created });
    }
    if (owners[0]) w.owners.push({ id: propertyId, owner: owners[0].name });
    const figures = hitFigures(persons);
    stored.set(propertyId, { propertyId, hit: true, owners, ...figures });
  }
  await setPhoneOrigin(tx, { source: 'skiptrace' });
  await q.writeOwners(tx, ctx.teamId, ctx.now, w);
  await dncMarks.markUnmarkedValues(tx, ctx.teamId, newDnc);
  return kept.map(
    (k) =>
      stored.get(k.propertyId) ?? { propertyId: k.propertyId, hit: false, owners: [], landlines: 0, dnc: 0 },
  );
}

/**
 * `contact.created`'s data for each contact a batch's trace made (source 'skiptrace', ADR 045
 * addendum), to publish once the batch's transaction committed. An owner stacked onto a contact the
 * team had is not new and is not announced.
 */
export function contactsCreatedBy(stored: StoredProperty[], made: { listId: string | null; now: Date }) {
  return stored.flatMap((s) =>
    s.owners.flatMap((o) =>
      o.created
        ? [
            contactCreatedData({
              contactId: o.id,
              ...o.created,
              createdAt: made.now,
              source: 'skiptrace',
              listId: made.listId,
            }),
          ]
        : [],
    ),
  );
}
