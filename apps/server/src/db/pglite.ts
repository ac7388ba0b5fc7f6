import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The embedded database's page cache (PostgreSQL's `shared_buffers`; PGlite's own default is 128 MB).
 * Pages it evicts stay in the operating system's file cache, outside the process, so the board,
 * search and dispatch figures are unchanged at 32 MB, while a 100,000-row import's peak RSS falls from
 * 1,043 to 947 MB (ADR 064, `docs/scaling.md`).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Every PGlite is created here, so each one has the extensions the migrations need and the same
 * settings: PGlite's start parameters with the page cache above.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams, ...options, extensions: { pg_trgm } });
}
