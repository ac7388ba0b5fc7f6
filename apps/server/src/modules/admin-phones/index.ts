export { createAdminPhonesService, areaCodeOf, type AdminPhonesService } from './admin-phones.service.js';
export { adminPhonesRoutes } from './admin-phones.routes.js';
