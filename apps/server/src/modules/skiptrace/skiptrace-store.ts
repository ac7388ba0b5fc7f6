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

/** Where a batch's results go: the team, the kind of trace, each property's lists, a new contact's status. */
export type StoreContext = {
  teamId: string;
  type: SkiptraceType;
  listIds: (propertyId: string) => string[];
  statusId: string | null;
  now: Date;
};

type Kept = { propertyId: string; persons: TracedPerson[] };
type Created = NonNullable<StoredOwner['created']>;

/**
 * What the batch's look-up found, kept up to date as its owners are stacked (a later person of the
 * batch finds the values and contacts an earlier one added), and the writes gathered for one statement.
 */
type Stack = {
  /** Each value's contact. */
  ownerOf: Map<string, string>;
  teamDnc: Set<string>;
  /** The contacts linked to each property, with their names. */
  linkedTo: Map<string, q.KnownOwners['linked']>;
  w: q.OwnerWrites;
  /** Phones the team had that the provider flags DNC: marked DNC after the writes. */
  newDnc: string[];
};

const miss = (propertyId: string): StoredProperty => ({
  propertyId,
  hit: false,
  owners: [],
  landlines: 0,
  dnc: 0,
});

/** Locks the team's stacking and looks up, in one statement, who holds the hits' values. */
async function lookUp(tx: Db, teamId: string, hits: Kept[]): Promise<Stack> {
  await q.lockTeamStacker(tx, teamId);
  const values = hits.flatMap((h) =>
    h.persons.flatMap((p) => [...p.phones.map((x) => x.number), ...p.emails]),
  );
  const known = await q.lookUpOwners(
    tx,
    teamId,
    values,
    hits.map((h) => h.propertyId),
  );
  const linkedTo = new Map<string, q.KnownOwners['linked']>();
  for (const l of known.linked) linkedTo.set(l.propertyId, [...(linkedTo.get(l.propertyId) ?? []), l]);
  return {
    ownerOf: new Map(known.owned.map((o) => [o.value, o.itemId])),
    teamDnc: new Set(known.dnc),
    linkedTo,
    w: { contacts: [], identifiers: [], links: [], members: [], owners: [] },
    newDnc: [],
  };
}

/**
 * The contact a found person stacks onto — one holding a found value, else one linked to the
 * property under the same name — or a new one, linked to the property for the batch's later persons.
 */
function contactFor(s: Stack, ctx: StoreContext, propertyId: string, person: TracedPerson, name: string) {
  const personValues = [...person.phones.map((p) => p.number), ...person.emails];
  const byValue = personValues.map((v) => s.ownerOf.get(v)).find(Boolean);
  const byName = (s.linkedTo.get(propertyId) ?? []).find((c) =>
    sameName(`${c.first ?? ''} ${c.last ?? ''}`, name),
  )?.contactId;
  const known = byValue ?? byName;
  if (known) return { contactId: known, isNew: false };
  const contactId = randomUUID();
  const data = { 'First name': person.firstName, 'Last name': person.lastName };
  s.w.contacts.push({ id: contactId, statusId: ctx.statusId, data, searchText: itemSearchText(data) });
  s.linkedTo.set(propertyId, [
    ...(s.linkedTo.get(propertyId) ?? []),
    { propertyId, contactId, first: person.firstName, last: person.lastName },
  ]);
  return { contactId, isNew: true };
}

/**
 * The person's phones as found (DNC when the provider or the team's list says so); those the team
 * does not hold become the contact's identifiers, the first of a new contact its primary.
 */
function addPhones(s: Stack, person: TracedPerson, to: { contactId: string; created: Created | null }) {
  let position = 0;
  const phones: StoredOwner['phones'] = [];
  for (const ph of person.phones) {
    const dnc = ph.dnc || s.teamDnc.has(ph.number);
    phones.push({ value: ph.number, lineType: ph.lineType, dnc });
    if (s.ownerOf.has(ph.number)) {
      if (dnc) s.newDnc.push(ph.number);
      continue;
    }
    s.ownerOf.set(ph.number, to.contactId);
    to.created?.phones.push(ph.number);
    s.w.identifiers.push({
      itemId: to.contactId,
      value: ph.number,
      isEmail: false,
      primary: to.created !== null && position === 0,
      status: dnc ? 'DNC' : '',
      position: position++,
      lineType: ph.lineType,
    });
  }
  return { phones, next: position };
}

/** The person's e-mails the team does not hold, as the contact's identifiers after its phones. */
function addEmails(
  s: Stack,
  emails: string[],
  to: { contactId: string; created: Created | null },
  from: number,
) {
  let position = from;
  for (const email of emails) {
    if (s.ownerOf.has(email)) continue;
    s.ownerOf.set(email, to.contactId);
    to.created?.emails.push(email);
    s.w.identifiers.push({
      itemId: to.contactId,
      value: email,
      isEmail: true,
      primary: false,
      status: '',
      position: position++,
      lineType: null,
    });
  }
}

/** One found person of a hit property: stacked onto its contact, its new values added, linked. */
function stackPerson(s: Stack, ctx: StoreContext, propertyId: string, person: TracedPerson): StoredOwner {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const { contactId, isNew } = contactFor(s, ctx, propertyId, person, name);
  const created: Created | null = isNew
    ? { firstName: person.firstName, lastName: person.lastName, phones: [], emails: [] }
    : null;
  const { phones, next } = addPhones(s, person, { contactId, created });
  addEmails(s, person.emails, { contactId, created }, next);
  s.w.links.push({ f: propertyId, t: contactId });
  for (const listId of ctx.listIds(propertyId)) s.w.members.push({ listId, id: contactId });
  return { id: contactId, name, phones, emails: person.emails, created };
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
  ctx: StoreContext,
  results: { propertyId: string; result: TraceResult }[],
): Promise<StoredProperty[]> {
  const kept: Kept[] = results.map((r) => ({
    propertyId: r.propertyId,
    persons: clean(keepForType(r.result, ctx.type)),
  }));
  const hits = kept.filter((k) => isHit(k.persons));
  if (hits.length === 0) return kept.map((k) => miss(k.propertyId));

  const s = await lookUp(tx, ctx.teamId, hits);
  const stored = new Map<string, StoredProperty>();
  for (const { propertyId, persons } of hits) {
    const owners = persons.map((person) => stackPerson(s, ctx, propertyId, person));
    if (owners[0]) s.w.owners.push({ id: propertyId, owner: owners[0].name });
    stored.set(propertyId, { propertyId, hit: true, owners, ...hitFigures(persons) });
  }
  await setPhoneOrigin(tx, { source: 'skiptrace' });
  await q.writeOwners(tx, ctx.teamId, ctx.now, s.w);
  await dncMarks.markUnmarkedValues(tx, ctx.teamId, s.newDnc);
  return kept.map((k) => stored.get(k.propertyId) ?? miss(k.propertyId));
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
