import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Pages of a table copied per COPY (8 kB each): bounds the memory one chunk takes. */
const PAGES_PER_CHUNK = 1024;

export type TableCount = { table: string; source: number; target: number };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The public schema's tables, parents before children (by their foreign keys), so rows can be
 * copied with every constraint checked as they land. A cycle of foreign keys is refused.
 */
export async function tablesInDependencyOrder(source: PGlite): Promise<string[]> {
  const { rows: tables } = await source.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const { rows: fks } = await source.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const fk of fks) parents.get(fk.child)?.add(fk.parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...parents].filter(([t, ps]) => !done.has(t) && [...ps].every((p) => done.has(p)));
    if (!ready.length) throw new Error('The tables reference each other in a cycle; cannot order them.');
    for (const [t] of ready) {
      done.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function columnsOf(source: PGlite, table: string): Promise<string[]> {
  const { rows } = await source.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

/** Copies one table from PGlite into the same table on PostgreSQL, a chunk of pages at a time. */
async function copyTable(source: PGlite, target: pg.Client, table: string) {
  const columns = (await columnsOf(source, table)).map(ident).join(', ');
  const { rows } = await source.query<{ pages: number }>(
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`,
    [`public.${ident(table)}`],
  );
  const pages = rows[0]!.pages;
  for (let first = 0; first < pages; first += PAGES_PER_CHUNK) {
    const last = first + PAGES_PER_CHUNK;
    const result = (await source.query(
      `copy (select ${columns} from public.${ident(table)}
              where ctid >= '(${first},0)'::tid and ctid < '(${last},0)'::tid) to '/dev/blob'`,
    )) as { blob?: Blob };
    if (!result.blob || result.blob.size === 0) continue;
    const bytes = Buffer.from(await result.blob.arrayBuffer());
    await pipeline(
      Readable.from([bytes]),
      target.query(copyFrom(`copy public.${ident(table)} (${columns}) from stdin`)),
    );
  }
}

export async function countRows(
  query: (text: string) => Promise<{ rows: { n: number }[] }>,
  table: string,
): Promise<number> {
  const { rows } = await query(`select count(*)::int as n from public.${ident(table)}`);
  return rows[0]!.n;
}

/** Whether a PostgreSQL database holds any row in a table of its public schema. */
export async function postgresHasRows(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  for (const { name } of rows) {
    const r = await client.query(`select 1 from public.${ident(name)} limit 1`);
    if (r.rowCount) return true;
  }
  return false;
}

/**
 * Copies every row of every table of a migrated PGlite into a PostgreSQL database migrated to the
 * same version and holding no rows, in one transaction (all or nothing), then sets each sequence to
 * where the source's stands. Answers each table's row count on both sides, read after the commit.
 */
export async function copyPgliteToPostgres(source: PGlite, target: pg.Client): Promise<TableCount[]> {
  const tables = await tablesInDependencyOrder(source);
  await target.query('begin');
  try {
    // The copied phone_history is the history: its triggers on identifiers must not add to it.
    await target.query(`set local prospector.restoring = 'on'`);
    for (const table of tables) await copyTable(source, target, table);
    const { rows: seqs } = await source.query<{ name: string }>(
      `select sequencename as name from pg_sequences where schemaname = 'public'`,
    );
    for (const { name } of seqs) {
      const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from public.${ident(name)}`,
      );
      await target.query(`select setval($1::regclass, $2, $3)`, [
        `public.${ident(name)}`,
        rows[0]!.last_value,
        rows[0]!.is_called,
      ]);
    }
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  }
  const counts: TableCount[] = [];
  for (const table of tables)
    counts.push({
      table,
      source: await countRows((q) => source.query(q), table),
      target: await countRows((q) => target.query(q), table),
    });
  return counts;
}
