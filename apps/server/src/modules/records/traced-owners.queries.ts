import type { FieldValue } from '@prospector/core';
import { sql, type SQL } from 'drizzle-orm';
import { jsonRows } from '../../db/json-rows.js';

/*
 * The records' parts of a skip trace batch's one-statement write (ADR 048, ADR 062): the owners it
 * found as new contacts with their phones and e-mails, linked both ways to their property, and a hit
 * property's Owner field. The skip trace composes them with the lists' parts into its statement.
 */

export type TracedOwners = {
  contacts: { id: string; statusId: string | null; data: Record<string, FieldValue>; searchText: string }[];
  identifiers: {
    itemId: string;
    value: string;
    isEmail: boolean;
    primary: boolean;
    status: string;
    position: number;
    lineType: string | null;
  }[];
  links: { f: string; t: string }[];
  /** A hit property's first owner: its Owner field takes the name when it had none (issue 30, 18). */
  owners: { id: string; owner: string }[];
};

const IDENTIFIER = {
  itemId: 'uuid',
  value: 'text',
  isEmail: 'boolean',
  primary: 'boolean',
  status: 'text',
  position: 'int',
  lineType: 'text',
} as const;
const CONTACT = { id: 'uuid', statusId: 'uuid', data: 'jsonb', searchText: 'text' } as const;
const LINK = { f: 'uuid', t: 'uuid' } as const;

export function tracedOwnersParts(
  teamId: string,
  now: Date,
  w: TracedOwners,
): { items: SQL; identifiers: SQL; links: SQL; named: SQL } {
  return {
    items: sql`insert into items (id, team_id, type, status_id, data, last_activity_at, search_text, created_at, updated_at)
      select x.id, ${teamId}, 'contact', x."statusId", x.data, ${now}, x."searchText", ${now}, ${now}
      from ${jsonRows('x', w.contacts, CONTACT)}`,
    identifiers: sql`insert into identifiers (team_id, item_id, value, is_email, "primary", status, position, source, line_type, created_at)
      select ${teamId}, x."itemId", x.value, x."isEmail", x."primary", x.status, x.position, 'skiptrace', x."lineType", ${now}
      from ${jsonRows('x', w.identifiers, IDENTIFIER)}
      on conflict (team_id, value) do nothing`,
    // Both ways, as the records module keeps its links.
    links: sql`insert into item_links (team_id, from_id, to_id)
      select ${teamId}::uuid, x.f, x.t from ${jsonRows('x', w.links, LINK)}
      union select ${teamId}::uuid, x.t, x.f from ${jsonRows('x', w.links, LINK)}
      on conflict do nothing`,
    // Owner is the last field of a record's search text (itemSearchText): appended, it is found.
    named: sql`update items p set data = p.data || jsonb_build_object('Owner', x.owner),
        search_text = trim(p.search_text || ' ' || lower(x.owner)), updated_at = ${now}
      from ${jsonRows('x', w.owners, { id: 'uuid', owner: 'text' })}
      where p.id = x.id and p.team_id = ${teamId} and p.type = 'property'
        and coalesce(p.data->>'Owner', '') = '' and x.owner <> ''
      returning 1`,
  };
}
