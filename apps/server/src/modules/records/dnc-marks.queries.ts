import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/*
 * Phones marked DNC by another domain's list (ADR 048, ADR 062): the team's DNC list (lists module) and
 * a skip trace's DNC flags (skiptrace module) mark the records' identifiers here, one statement each.
 */

const valuesOf = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The team's identifiers with these values marked DNC and no longer primary; answers how many changed. */
export async function markValuesDnc(tx: Db, teamId: string, values: readonly string[]) {
  const marked = await queryRows<{ id: string }>(
    tx,
    sql`update identifiers set status = 'DNC', "primary" = false
        where team_id = ${teamId} and value in ${valuesOf(values)} and status <> 'DNC' returning id`,
  );
  return marked.length;
}

/** The team's identifiers with these values and no status marked DNC (a trace's flag: primary stays). */
export async function markUnmarkedValuesDnc(tx: Db, teamId: string, values: readonly string[]) {
  if (values.length === 0) return;
  await tx.execute(
    sql`update identifiers set status = 'DNC' where team_id = ${teamId} and status = ''
        and value in ${valuesOf(values)}`,
  );
}
