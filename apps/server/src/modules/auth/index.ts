export { createAuthService, type AuthService } from './auth.service.js';
export { authRoutes } from './auth.routes.js';
