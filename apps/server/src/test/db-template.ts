import type { TestProject } from 'vitest/node';

/** What the global setup hands every test file: how to get a fresh, migrated database. */
export type DbTemplate =
  | { driver: 'pglite'; dumpFile: string }
  | { driver: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export type { TestProject };
