export { createSettingsService, type SettingsService } from './settings.service.js';
export { settingsRoutes } from './settings.routes.js';
