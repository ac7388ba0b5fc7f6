import type { TestProject } from 'vitest/node';

/** What the global setup hands every test file: how to get a fresh, migrated database. */
export type DbTemplate =
  | { driver: 'pglite'; dumpFile: string }
  | { driver: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export type { TestProject };
