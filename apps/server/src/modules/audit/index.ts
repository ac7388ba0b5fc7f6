import { defineModule } from '../../plugins/app-module.js';
import { auditPlugin } from './audit.plugin.js';
import type { AuditService } from './audit.service.js';
export {
  createAuditService,
  type AuditService,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
} from './audit.service.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    audit: AuditService;
  }
}

/** The audit log. */
export const auditModule = defineModule({
  name: 'audit',
  plugins: [auditPlugin],
});
