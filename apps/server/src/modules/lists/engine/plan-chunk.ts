import { setImmediate as nextTurn } from 'node:timers/promises';
import { itemSearchText } from '@prospector/core';
import type { PreparedRow, Values } from './prepare-row.js';
import { timeOrderedId } from './time-ordered-id.js';

/**
 * One record as the chunk's rows state it: their values merged (the first row's value wins), and the
 * id and JSON it gets if the team has no such record yet.
 */
export type Candidate = {
  id: string;
  data: Values;
  custom: Values;
  /** The new item's JSON from `,"data"` on; the id, type and status are put in front when it is made. */
  json: string;
};
export type ContactCandidate = Candidate & { phones: string[]; emails: string[] };
export type PropertyCandidate = Candidate & { key: string };
export type CompanyCandidate = Candidate & { keys: string[] };

/**
 * A chunk's records before the database is asked: rows that share a phone, an e-mail or a key are
 * grouped into one candidate, merged and serialised. Made while the previous chunk is being stacked,
 * so only the decisions that need the team's data are left for the chunk's transaction.
 */
export type ChunkPlan = {
  rowCount: number;
  contacts: ContactCandidate[];
  properties: PropertyCandidate[];
  companies: CompanyCandidate[];
  /** Per row: the index of its candidate of each type, or -1. */
  rowContact: Int32Array;
  rowProperty: Int32Array;
  rowCompany: Int32Array;
  /** JSON arrays of the chunk's phones and e-mails, and of its property and company keys. */
  lookupValues: string;
  lookupKeys: string;
};

/** Union-find over row indexes: rows that share a phone, an e-mail or a key are one record. */
function groupBy(keysOf: (string[] | null)[]): number[][] {
  const parent = keysOf.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Map<string, number>();
  keysOf.forEach((keys, i) => {
    for (const k of keys ?? []) {
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  const groups = new Map<number, number[]>();
  keysOf.forEach((keys, i) => {
    if (!keys) return;
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  });
  return [...groups.values()];
}

function mergeValues(rows: Values[]): Values {
  const out: Values = {};
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (out[k] === undefined) out[k] = v;
  return out;
}

function candidate(parts: { data: Values; custom: Values }[]): Candidate {
  const data = mergeValues(parts.map((p) => p.data));
  const custom = mergeValues(parts.map((p) => p.custom));
  const json = `,"data":${JSON.stringify(data)},"custom":${JSON.stringify(custom)},"searchText":${JSON.stringify(itemSearchText(data))}}`;
  return { id: timeOrderedId(), data, custom, json };
}

/**
 * Planning 1,000 rows takes 10 to 30 ms: it is done in slices, so that the database's replies for the
 * chunk being committed are read between them instead of waiting for the whole plan.
 */
const SLICE = 25;
async function mapInSlices<T, U>(items: T[], fn: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    out.push(fn(items[i]!));
  }
  return out;
}

/** Groups, merges and serialises a chunk's rows; needs no database. */
export async function planChunk(rows: PreparedRow[]): Promise<ChunkPlan> {
  const indexOf = (groups: number[][]) => {
    const index = new Int32Array(rows.length).fill(-1);
    groups.forEach((g, n) => g.forEach((i) => (index[i] = n)));
    return index;
  };
  const contactGroups = groupBy(
    rows.map((r) => (r.contact ? [...r.contact.phones, ...r.contact.emails] : null)),
  );
  const propGroups = groupBy(rows.map((r) => (r.property ? [r.property.key] : null)));
  const compGroups = groupBy(rows.map((r) => r.company?.keys ?? null));
  const contacts = await mapInSlices(contactGroups, (g) => ({
    ...candidate(g.map((i) => rows[i]!.contact!)),
    phones: [...new Set(g.flatMap((i) => rows[i]!.contact!.phones))],
    emails: [...new Set(g.flatMap((i) => rows[i]!.contact!.emails))],
  }));
  const properties = await mapInSlices(propGroups, (g) => ({
    ...candidate(g.map((i) => rows[i]!.property!)),
    key: rows[g[0]!]!.property!.key,
  }));
  const companies = await mapInSlices(compGroups, (g) => ({
    ...candidate(g.map((i) => rows[i]!.company!)),
    keys: [...new Set(g.flatMap((i) => rows[i]!.company!.keys))],
  }));
  return {
    rowCount: rows.length,
    contacts,
    properties,
    companies,
    rowContact: indexOf(contactGroups),
    rowProperty: indexOf(propGroups),
    rowCompany: indexOf(compGroups),
    lookupValues: JSON.stringify(contacts.flatMap((c) => [...c.phones, ...c.emails])),
    lookupKeys: JSON.stringify([...properties.map((p) => p.key), ...companies.flatMap((c) => c.keys)]),
  };
}
