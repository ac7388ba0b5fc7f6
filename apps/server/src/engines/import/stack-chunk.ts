import { randomUUID } from 'node:crypto';
import { itemSearchText, type ImportResult } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { ItemType } from '../../db/schema/index.js';
import { fillEmpty, type PreparedRow, type Values } from './prepare-row.js';

export type StackContext = {
  teamId: string;
  listId: string;
  now: Date;
  /** The team's 'Not contacted' status: new leads with a usable primary phone or e-mail start there. */
  notContactedId: string | null;
};

type NewItem = {
  id: string;
  type: ItemType;
  status_id: string | null;
  data: Values;
  custom: Values;
  search_text: string;
};
type ItemUpdate = { id: string; data: Values; custom: Values; search_text: string };

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
/** A set of texts as one parameter (drizzle would spread a JS array into one parameter per value). */
const texts = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const uuids = (values: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::uuid)`;

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
    groups.set(root, [...(groups.get(root) ?? []), i]);
  });
  return [...groups.values()];
}

function mergeValues(rows: Values[]): Values {
  const out: Values = {};
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (out[k] === undefined) out[k] = v;
  return out;
}

/**
 * Stacks one chunk of prepared rows onto the team's data and into the list, in the caller's
 * transaction: a phone or e-mail the team has links to its contact, a known address to its property, a
 * known company name or website to its company; the rest is created. Empty fields of matched records
 * are filled, never overwritten. Returns the row ids per type the list gained and updates `result`.
 */
export async function stackChunk(tx: Db, ctx: StackContext, rows: PreparedRow[], result: ImportResult) {
  const { teamId, now } = ctx;
  // One stacker per team at a time: two imports must not both create the same phone's contact.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stack:${teamId}`}))`);

  const newItems: NewItem[] = [];
  const updates: ItemUpdate[] = [];
  const rowContact: (string | null)[] = rows.map(() => null);
  const rowProperty: (string | null)[] = rows.map(() => null);
  const rowCompany: (string | null)[] = rows.map(() => null);
  const newKeys: { key: string; item_id: string }[] = [];

  // ---- contacts, matched by identifier
  const contactGroups = groupBy(
    rows.map((r) => (r.contact ? [...r.contact.phones, ...r.contact.emails] : null)),
  );
  const values = contactGroups.flatMap((g) =>
    g.flatMap((i) => [...rows[i]!.contact!.phones, ...rows[i]!.contact!.emails]),
  );
  const [known, dnc] = values.length
    ? await Promise.all([
        queryRows<{ value: string; item_id: string }>(
          tx,
          sql`select value, item_id from identifiers where team_id = ${teamId} and value in ${texts(values)}`,
        ),
        queryRows<{ value: string }>(
          tx,
          sql`select value from dnc_phones where team_id = ${teamId} and value in ${texts(values)}`,
        ),
      ])
    : [[], []];
  const owner = new Map(known.map((k) => [k.value, k.item_id]));
  const dncSet = new Set(dnc.map((d) => d.value));
  const identifierRows: {
    item_id: string;
    value: string;
    is_email: boolean;
    primary: boolean;
    status: string;
    position: number;
  }[] = [];

  const contactMatches = contactGroups.map((g) => {
    const phones = [...new Set(g.flatMap((i) => rows[i]!.contact!.phones))];
    const emails = [...new Set(g.flatMap((i) => rows[i]!.contact!.emails))];
    const existing = [...phones, ...emails].map((v) => owner.get(v)).find(Boolean) ?? null;
    return { g, phones, emails, existing };
  });

  // ---- properties and companies, matched by key
  const propGroups = groupBy(rows.map((r) => (r.property ? [r.property.key] : null)));
  const compGroups = groupBy(rows.map((r) => r.company?.keys ?? null));
  const allKeys = [
    ...propGroups.map((g) => rows[g[0]!]!.property!.key),
    ...compGroups.flatMap((g) => g.flatMap((i) => rows[i]!.company!.keys)),
  ];
  const keyRows = allKeys.length
    ? await queryRows<{ key: string; item_id: string }>(
        tx,
        sql`select key, item_id from item_keys where team_id = ${teamId} and key in ${texts(allKeys)}`,
      )
    : [];
  const keyOwner = new Map(keyRows.map((k) => [k.key, k.item_id]));

  const existingIds = [
    ...contactMatches.map((m) => m.existing),
    ...propGroups.map((g) => keyOwner.get(rows[g[0]!]!.property!.key)),
    ...compGroups.map((g) =>
      g
        .flatMap((i) => rows[i]!.company!.keys)
        .map((k) => keyOwner.get(k))
        .find(Boolean),
    ),
  ].filter((x): x is string => Boolean(x));
  const existingData = existingIds.length
    ? await queryRows<{ id: string; data: Values; custom: Values }>(
        tx,
        sql`select id, data, custom from items where team_id = ${teamId} and id in ${uuids([...new Set(existingIds)])}`,
      )
    : [];
  const existingById = new Map(existingData.map((e) => [e.id, e]));

  const absorb = (id: string, data: Values, custom: Values) => {
    const current = existingById.get(id);
    if (!current) return;
    const d = fillEmpty(current.data, data);
    const c = fillEmpty(current.custom, custom);
    if (!d.changed && !c.changed) return;
    current.data = d.merged;
    current.custom = c.merged;
    const prior = updates.find((u) => u.id === id);
    const next = { id, data: d.merged, custom: c.merged, search_text: itemSearchText(d.merged) };
    if (prior) Object.assign(prior, next);
    else updates.push(next);
  };

  for (const m of contactMatches) {
    const data = mergeValues(m.g.map((i) => rows[i]!.contact!.data));
    const custom = mergeValues(m.g.map((i) => rows[i]!.contact!.custom));
    let id = m.existing;
    const usable = [...m.phones.filter((p) => !dncSet.has(p)), ...m.emails];
    if (id) {
      result.contactsMerged += 1;
      absorb(id, data, custom);
    } else {
      id = randomUUID();
      result.contactsNew += 1;
      newItems.push({
        id,
        type: 'contact',
        status_id: usable.length ? ctx.notContactedId : null,
        data,
        custom,
        search_text: itemSearchText(data),
      });
    }
    const isNew = !m.existing;
    [...m.phones, ...m.emails].forEach((value, position) => {
      if (owner.has(value)) return;
      const isEmail = value.includes('@');
      const isDnc = !isEmail && dncSet.has(value);
      if (isDnc) result.dncPhones += 1;
      identifierRows.push({
        item_id: id,
        value,
        is_email: isEmail,
        primary: isNew && value === usable[0],
        status: isDnc ? 'DNC' : '',
        position: isNew ? position : 100 + position,
      });
      owner.set(value, id);
    });
    for (const i of m.g) rowContact[i] = id;
  }

  for (const g of propGroups) {
    const key = rows[g[0]!]!.property!.key;
    const data = mergeValues(g.map((i) => rows[i]!.property!.data));
    const custom = mergeValues(g.map((i) => rows[i]!.property!.custom));
    let id = keyOwner.get(key);
    if (id) {
      result.propertiesMerged += 1;
      absorb(id, data, custom);
    } else {
      id = randomUUID();
      result.propertiesNew += 1;
      newItems.push({
        id,
        type: 'property',
        status_id: null,
        data,
        custom,
        search_text: itemSearchText(data),
      });
      newKeys.push({ key, item_id: id });
    }
    for (const i of g) rowProperty[i] = id;
  }

  for (const g of compGroups) {
    const keys = [...new Set(g.flatMap((i) => rows[i]!.company!.keys))];
    const data = mergeValues(g.map((i) => rows[i]!.company!.data));
    const custom = mergeValues(g.map((i) => rows[i]!.company!.custom));
    let id = keys.map((k) => keyOwner.get(k)).find(Boolean);
    if (id) {
      result.companiesMerged += 1;
      absorb(id, data, custom);
    } else {
      id = randomUUID();
      result.companiesNew += 1;
      newItems.push({
        id,
        type: 'company',
        status_id: null,
        data,
        custom,
        search_text: itemSearchText(data),
      });
    }
    for (const k of keys) if (!keyOwner.has(k)) newKeys.push({ key: k, item_id: id });
    for (const i of g) rowCompany[i] = id;
  }

  // ---- writes
  if (newItems.length)
    await tx.execute(sql`
      insert into items (id, team_id, type, status_id, data, custom, last_activity_at, search_text, created_at, updated_at)
      select x.id, ${teamId}, x.type, x.status_id, x.data, x.custom, ${now}, x.search_text, ${now}, ${now}
      from jsonb_to_recordset(${json(newItems)}) as x(id uuid, type text, status_id uuid, data jsonb, custom jsonb, search_text text)`);
  if (updates.length)
    await tx.execute(sql`
      update items i set data = x.data, custom = x.custom, search_text = x.search_text, updated_at = ${now}
      from jsonb_to_recordset(${json(updates)}) as x(id uuid, data jsonb, custom jsonb, search_text text)
      where i.id = x.id and i.team_id = ${teamId}`);
  if (identifierRows.length)
    await tx.execute(sql`
      insert into identifiers (team_id, item_id, value, is_email, "primary", status, position, created_at)
      select ${teamId}, x.item_id, x.value, x.is_email, x."primary", x.status, x.position, ${now}
      from jsonb_to_recordset(${json(identifierRows)}) as x(item_id uuid, value text, is_email boolean, "primary" boolean, status text, position int)
      on conflict (team_id, value) do nothing`);
  if (newKeys.length)
    await tx.execute(sql`
      insert into item_keys (team_id, key, item_id)
      select ${teamId}, x.key, x.item_id from jsonb_to_recordset(${json(newKeys)}) as x(key text, item_id uuid)
      on conflict do nothing`);

  const links = new Set<string>();
  rows.forEach((_, i) => {
    const c = rowContact[i];
    const p = rowProperty[i];
    const co = rowCompany[i];
    if (c && p) links.add(`${c} ${p}`).add(`${p} ${c}`);
    if (c && co) links.add(`${c} ${co}`).add(`${co} ${c}`);
    if (!c && p && co) links.add(`${p} ${co}`).add(`${co} ${p}`);
  });
  if (links.size)
    await tx.execute(sql`
      insert into item_links (team_id, from_id, to_id)
      select ${teamId}, x.f, x.t
      from jsonb_to_recordset(${json([...links].map((l) => ({ f: l.slice(0, 36), t: l.slice(37) })))}) as x(f uuid, t uuid)
      on conflict do nothing`);

  const members = new Map<string, ItemType>();
  rows.forEach((_, i) => {
    if (rowContact[i]) members.set(rowContact[i]!, 'contact');
    if (rowProperty[i]) members.set(rowProperty[i]!, 'property');
    if (rowCompany[i]) members.set(rowCompany[i]!, 'company');
  });
  const added = members.size
    ? await queryRows<{ type: ItemType; n: number }>(
        tx,
        sql`with ins as (
          insert into list_items (list_id, type, item_id)
          select ${ctx.listId}, x.type, x.id from jsonb_to_recordset(${json([...members].map(([id, type]) => ({ id, type })))}) as x(id uuid, type text)
          on conflict do nothing returning type)
        select type, count(*)::int as n from ins group by type`,
      )
    : [];
  const count = (t: ItemType) => added.find((a) => a.type === t)?.n ?? 0;
  return { contacts: count('contact'), properties: count('property'), companies: count('company') };
}
