import { itemSearchText } from '@prospector/core';
import type { Db } from '../db/client.js';
import { items } from '../db/schema/index.js';

/** Inserts a property directly, as an import would; `data` holds its system fields by name. */
export async function insertProperty(
  db: Db,
  teamId: string,
  data: Record<string, string | number | null> = { Address: '12 Oak St', City: 'Austin', State: 'TX' },
  opts: { assignedTo?: string[] } = {},
) {
  const now = new Date('2026-01-01T00:00:00Z');
  const [item] = await db
    .insert(items)
    .values({
      teamId,
      type: 'property',
      data,
      assignedTo: opts.assignedTo ?? [],
      searchText: itemSearchText(data),
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return item!;
}
