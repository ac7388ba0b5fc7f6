import {
  contactCreatedData,
  itemSearchText,
  type ContactSource,
  type ImportResult,
  type ItemType,
  serverMessages,
} from '@prospector/core';
import type { Db } from '../../../db/client.js';
import type {
  Candidate,
  ChunkPlan,
  CompanyCandidate,
  ContactCandidate,
  PropertyCandidate,
} from './plan-chunk.js';
import { fillEmpty, type Values } from './prepare-row.js';
import { noPhases, timed, type ImportPhases } from './chunks.js';
import {
  checkReferencesAgain,
  lockTeamStacker,
  skipReferenceChecks,
  lookUpChunk,
  writeLinks,
  writeRecords,
  type Writes,
} from './stack-chunk.queries.js';

export type StackContext = {
  teamId: string;
  listId: string;
  now: Date;
  /** The team's 'Not contacted' status: new leads with a usable primary phone or e-mail start there. */
  notContactedId: string | null;
  /**
   * The importer, when they may open only records assigned to them; null when they read every record.
   * A record the file names that they may not open is left unchanged and out of the list (ADR 031).
   */
  restrictedTo: string | null;
  /**
   * The database runs one transaction at a time (PGlite): the chunk's writes skip the foreign-key
   * checks, which took a quarter of a 10,000-row import (ADR 064).
   */
  exclusive?: boolean;
};

/** What the team already has for a chunk's phones, e-mails and keys. */
type Known = {
  owner: Map<string, string>;
  dnc: Set<string>;
  keyOwner: Map<string, string>;
  items: Map<string, { data: Values; custom: Values; assignedTo: string[] }>;
};

/** Which of a chunk's phones and e-mails the team has (and which are DNC), which of its keys, and their records' values. */
async function lookUp(tx: Db, teamId: string, plan: ChunkPlan): Promise<Known> {
  const found = await lookUpChunk(tx, teamId, plan.lookupValues, plan.lookupKeys);
  const known: Known = { owner: new Map(), dnc: new Set(), keyOwner: new Map(), items: new Map() };
  for (const f of found) {
    if (f.kind === 'i') known.owner.set(f.k, f.itemId);
    else if (f.kind === 'd') known.dnc.add(f.k);
    else if (f.kind === 'k') known.keyOwner.set(f.k, f.itemId);
    else known.items.set(f.itemId, { data: f.data, custom: f.custom, assignedTo: f.assignedTo ?? [] });
  }
  return known;
}

/**
 * Stacks one planned chunk onto the team's data and into the list, in the caller's transaction: a
 * phone or e-mail the team has links to its contact, a known address to its property, a known company
 * name or website to its company; the rest is created. Empty fields of matched records are filled,
 * never overwritten. Returns how many rows of each type the list gained and each candidate's record,
 * and updates `result`.
 */
export async function stackChunk(
  tx: Db,
  asked: StackContext,
  plan: ChunkPlan,
  result: ImportResult,
  phases: ImportPhases = noPhases(),
) {
  const stackFrom = performance.now();
  await lockTeamStacker(tx, asked.teamId);
  const statusKept = asked.exclusive ? await skipReferenceChecks(tx, asked.notContactedId) : true;
  const ctx = statusKept ? asked : { ...asked, notContactedId: null };
  const known = await lookUp(tx, ctx.teamId, plan);
  const writes: Writes = {
    newItems: [],
    created: new Set(),
    updates: new Map(),
    identifiers: [],
    keys: [],
    links: [],
    oldLinks: [],
    members: [],
    oldMembers: [],
  };
  const mayStack = (id: string) =>
    ctx.restrictedTo === null || (known.items.get(id)?.assignedTo.includes(ctx.restrictedTo) ?? false);
  const contactIds = stackContacts(ctx, plan.contacts, known, writes, result, mayStack);
  const propertyIds = stackProperties(plan.properties, known, writes, result, mayStack);
  const companyIds = stackCompanies(plan.companies, known, writes, result, mayStack);
  const withheld = linkRows(plan, contactIds, propertyIds, companyIds, writes);
  if (withheld > 0) {
    const reason = serverMessages.lists.droppedNotYours;
    result.dropped[reason] = (result.dropped[reason] ?? 0) + withheld;
  }
  phases.stack += performance.now() - stackFrom;
  await timed(phases, 'write', () => writeRecords(tx, ctx.teamId, ctx.now, writes));
  const added = await timed(phases, 'link', () => writeLinks(tx, ctx, writes));
  if (ctx.exclusive) await checkReferencesAgain(tx);
  const count = (t: ItemType) => added.find((a) => a.type === t)?.n ?? 0;
  return {
    contacts: count('contact'),
    properties: count('property'),
    companies: count('company'),
    /** Each candidate's record (by the plan's order): found or made; null when withheld. */
    ids: { contacts: contactIds, properties: propertyIds, companies: companyIds },
    /** The contacts this chunk made (their `contact.created` events, ADR 045 addendum). */
    newContacts: plan.contacts.filter((c) => writes.created.has(c.id)),
  };
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/** `contact.created`'s data for each contact a chunk made, as its subscribers get it (ADR 045 addendum). */
export function contactCreatedEvents(
  contacts: ContactCandidate[],
  made: { listId: string; now: Date; source: ContactSource },
) {
  return contacts.map((c) =>
    contactCreatedData({
      contactId: c.id,
      firstName: text(c.data['First name']),
      lastName: text(c.data['Last name']),
      phones: c.phones,
      emails: c.emails,
      createdAt: made.now,
      source: made.source,
      listId: made.listId,
    }),
  );
}

/** Existing values win; the chunk's fill what is empty (once per record, however often it matches). */
function absorb(known: Known, writes: Writes, id: string, c: Candidate) {
  const current = known.items.get(id);
  if (!current) return;
  const d = fillEmpty(current.data, c.data);
  const cu = fillEmpty(current.custom, c.custom);
  if (!d.changed && !cu.changed) return;
  current.data = d.merged;
  current.custom = cu.merged;
  writes.updates.set(id, { id, data: d.merged, custom: cu.merged, searchText: itemSearchText(d.merged) });
}

function create(writes: Writes, c: Candidate, type: ItemType, statusId: string | null) {
  const status = statusId === null ? 'null' : JSON.stringify(statusId);
  writes.newItems.push(`{"id":"${c.id}","type":"${type}","statusId":${status}${c.json}`);
  writes.created.add(c.id);
  return c.id;
}

function stackContacts(
  ctx: StackContext,
  contacts: ContactCandidate[],
  known: Known,
  writes: Writes,
  result: ImportResult,
  mayStack: (id: string) => boolean,
): (string | null)[] {
  return contacts.map((c) => {
    const values = [...c.phones, ...c.emails];
    const existing = values.map((v) => known.owner.get(v)).find(Boolean) ?? null;
    if (existing && !mayStack(existing)) return null;
    const usable = [...c.phones.filter((p) => !known.dnc.has(p)), ...c.emails];
    let id: string;
    if (existing) {
      id = existing;
      result.contactsMerged += 1;
      absorb(known, writes, id, c);
    } else {
      id = create(writes, c, 'contact', usable.length ? ctx.notContactedId : null);
      result.contactsNew += 1;
    }
    values.forEach((value, position) => {
      if (known.owner.has(value)) return;
      const isEmail = value.includes('@');
      const isDnc = !isEmail && known.dnc.has(value);
      if (isDnc) result.dncPhones += 1;
      writes.identifiers.push({
        itemId: id,
        value,
        isEmail: isEmail,
        primary: !existing && value === usable[0],
        status: isDnc ? 'DNC' : '',
        position: existing ? 100 + position : position,
      });
      known.owner.set(value, id);
    });
    return id;
  });
}

function stackProperties(
  properties: PropertyCandidate[],
  known: Known,
  writes: Writes,
  result: ImportResult,
  mayStack: (id: string) => boolean,
): (string | null)[] {
  return properties.map((p) => {
    const existing = known.keyOwner.get(p.key);
    if (existing && !mayStack(existing)) return null;
    if (existing) {
      result.propertiesMerged += 1;
      absorb(known, writes, existing, p);
      return existing;
    }
    result.propertiesNew += 1;
    writes.keys.push({ key: p.key, itemId: p.id });
    return create(writes, p, 'property', null);
  });
}

function stackCompanies(
  companies: CompanyCandidate[],
  known: Known,
  writes: Writes,
  result: ImportResult,
  mayStack: (id: string) => boolean,
): (string | null)[] {
  return companies.map((c) => {
    let id = c.keys.map((k) => known.keyOwner.get(k)).find(Boolean);
    if (id && !mayStack(id)) return null;
    if (id) {
      result.companiesMerged += 1;
      absorb(known, writes, id, c);
    } else {
      result.companiesNew += 1;
      id = create(writes, c, 'company', null);
    }
    for (const k of c.keys) if (!known.keyOwner.has(k)) writes.keys.push({ key: k, itemId: id });
    return id;
  });
}

/**
 * Links each row's contact, property and company both ways, and puts them in the list. A link or list
 * row with a record created by this chunk cannot exist yet, so only the others need a conflict check.
 * A record withheld from the importer (null) is neither linked nor listed; answers how many rows had one.
 */
function linkRows(
  plan: ChunkPlan,
  contactIds: (string | null)[],
  propertyIds: (string | null)[],
  companyIds: (string | null)[],
  writes: Writes,
): number {
  const isOld = (id: string) => !writes.created.has(id);
  const seen = new Set<string>();
  const link = (a: string, b: string) => {
    if (seen.has(`${a}${b}`)) return;
    seen.add(`${a}${b}`).add(`${b}${a}`);
    (isOld(a) && isOld(b) ? writes.oldLinks : writes.links).push({ f: a, t: b }, { f: b, t: a });
  };
  const members = new Map<string, ItemType>();
  let withheld = 0;
  for (let i = 0; i < plan.rowCount; i += 1) {
    const c = plan.rowContact[i]! >= 0 ? contactIds[plan.rowContact[i]!]! : null;
    const p = plan.rowProperty[i]! >= 0 ? propertyIds[plan.rowProperty[i]!]! : null;
    const co = plan.rowCompany[i]! >= 0 ? companyIds[plan.rowCompany[i]!]! : null;
    if (
      (plan.rowContact[i]! >= 0 && !c) ||
      (plan.rowProperty[i]! >= 0 && !p) ||
      (plan.rowCompany[i]! >= 0 && !co)
    )
      withheld += 1;
    if (c && p) link(c, p);
    if (c && co) link(c, co);
    if (!c && p && co) link(p, co);
    if (c) members.set(c, 'contact');
    if (p) members.set(p, 'property');
    if (co) members.set(co, 'company');
  }
  for (const [id, type] of members) (isOld(id) ? writes.oldMembers : writes.members).push({ id, type });
  return withheld;
}
