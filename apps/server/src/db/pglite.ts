import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Every PGlite is created here, so each one has the extensions the migrations need. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), ...options, extensions: { pg_trgm } });
}
