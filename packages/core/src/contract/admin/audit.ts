import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

export const auditEntryDto = z.object({
  _id: text(),
  action: text(),
  actor: text().nullable(),
  team: text().nullable(),
  teamId: text().nullable(),
  target: text().nullable(),
  ip: text().nullable(),
  details: z.record(text(), z.unknown()),
  createdAt: text(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const AUDIT_PAGE_SIZE = 50;

/** Staff: the audit log, newest first, read only (nobody can edit it, ADR 025). */
export const getAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  auth: true,
  staff: true,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** Only staff actions ('admin.*'), or every entry (logins too). */
    scope: z.enum(['admin', 'all']).default('admin'),
    teamId: z.uuid().optional(),
  }),
  response: z.object({
    entries: z.array(auditEntryDto),
    total: z.number().int(),
    pageSize: z.number().int(),
  }),
});
