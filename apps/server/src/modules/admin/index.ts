export { createAdminService, type AdminService } from './admin.service.js';
export { type PanelService } from './panel.service.js';
export { type SecondFactorService } from './second-factor.service.js';
export { adminRoutes } from './admin.routes.js';
