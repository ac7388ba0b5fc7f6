import * as q from './traced-owners.queries.js';

export type { TracedOwners } from './traced-owners.queries.js';

/**
 * The records' parts of a skip trace batch's one-statement write (ADR 048, ADR 062): new contacts
 * (`items`), their phones and e-mails (`identifiers`), their links to the property (`links`) and a hit
 * property's Owner (`named`), each a CTE body for the trace's statement.
 */
export const tracedOwnersParts = (teamId: string, now: Date, w: q.TracedOwners) =>
  q.tracedOwnersParts(teamId, now, w);
