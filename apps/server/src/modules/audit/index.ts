export { createAuditService, type AuditService, type AuditAction, type AuditEntry } from './audit.service.js';
