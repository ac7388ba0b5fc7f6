export { createAdminService, type AdminService } from './admin.service.js';
export { adminRoutes } from './admin.routes.js';
