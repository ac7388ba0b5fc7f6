export { createAuthService, type AuthService, type AuthContext, type ClientInfo } from './auth.service.js';
export { authRoutes } from './auth.routes.js';
