import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export async function insertAuditEntry(db: Db, row: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(row);
}
