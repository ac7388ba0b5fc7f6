export { createTemplatesService, templateFieldNames, type TemplatesService } from './templates.service.js';
export { templatesRoutes } from './templates.routes.js';
export { incrementBlocked, loadCampaignTemplates, type CampaignTemplates } from './templates.queries.js';
