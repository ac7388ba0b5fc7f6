import { describe, expect, it } from 'vitest';
import { BULK_WRITERS, DOMAINS } from '../db/owners.js';
import { schemaTables, serverFolders, writesByFolder } from '../scripts/docs-map.js';

// ADR 048: each table has one owner; others write it through the owner's service. The writes are read
// from the code as docs:map reads them (Drizzle insert/update/delete calls and raw SQL).
const owned = new Map(
  Object.values(DOMAINS).flatMap((d) => d.folders.flatMap((f) => d.tables.map((t) => [`${f}:${t}`, true]))),
);
const ownerOf = (table: string) => Object.entries(DOMAINS).filter(([, d]) => d.tables.includes(table));

describe('one owner per table', () => {
  it('gives every table of the schema exactly one owning domain', () => {
    for (const table of schemaTables())
      expect(
        ownerOf(table).map(([name]) => name),
        table,
      ).toHaveLength(1);
    const declared = Object.values(DOMAINS).flatMap((d) => d.tables);
    expect(
      declared.filter((t) => !schemaTables().includes(t)),
      'owned tables that do not exist',
    ).toEqual([]);
  });

  it('puts every module and engine folder in a domain', () => {
    const inDomains = Object.values(DOMAINS).flatMap((d) => d.folders);
    const bare = serverFolders().filter((f) => !inDomains.includes(f));
    // Folders that write nothing (health, maps, kpis, admin-phones) need no domain.
    expect(bare.filter((f) => writesByFolder().get(f)!.length > 0)).toEqual([]);
  });

  it("lets a folder write only its domain's tables and the deliberate bulk writes", () => {
    const unexpected: string[] = [];
    for (const [folder, tables] of writesByFolder())
      for (const table of tables) {
        if (owned.has(`${folder}:${table}`)) continue;
        if (BULK_WRITERS[folder]?.[table]) continue;
        unexpected.push(`${folder} writes ${table}, owned by ${ownerOf(table)[0]?.[0] ?? 'nobody'}`);
      }
    expect(unexpected, "write through the owner's service (ADR 048)").toEqual([]);
  });

  it('forgets a bulk write as soon as the code no longer makes it', () => {
    const writes = writesByFolder();
    const stale = Object.entries(BULK_WRITERS).flatMap(([folder, tables]) =>
      Object.keys(tables)
        .filter((t) => !writes.get(folder)?.includes(t))
        .map((t) => `${folder} → ${t}`),
    );
    expect(stale, 'remove these lines from db/owners.ts').toEqual([]);
  });
});
