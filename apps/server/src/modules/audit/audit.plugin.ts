import { servicePlugin } from '../../plugins/services.js';
import { createAuditService } from './audit.service.js';

/** The trail of sign-ins and staff actions. */
export const auditPlugin = servicePlugin('audit', [], (app) => ({
  audit: createAuditService({ clock: app.clock }),
}));
