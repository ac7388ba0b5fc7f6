import { sql, type SQL } from 'drizzle-orm';

/** The fields of a company that name it (core's `companyName`). */
export type CompanyNameFields = { Name?: unknown; Website?: unknown } | null;

/**
 * Selects, for the contact `item` (an alias of items), the name fields of the first company it is
 * linked to (the oldest), or null: what core's `itemTitle` titles a contact without a name by. A
 * correlated subquery on item_links' primary key, inside the caller's statement: one look-up per
 * row of a page, never a round trip per row.
 */
export function linkedCompanyFields(item: string): SQL {
  const i = sql.raw(item);
  return sql`case when ${i}.type = 'contact' then (
    select jsonb_build_object('Name', c.data->'Name', 'Website', c.data->'Website')
    from item_links l join items c on c.id = l.to_id
    where l.from_id = ${i}.id and c.type = 'company'
    order by c.created_at, c.id limit 1) end`;
}
