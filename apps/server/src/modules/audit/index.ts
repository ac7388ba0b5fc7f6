export {
  createAuditService,
  type AuditService,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
} from './audit.service.js';
