export {
  createTemplatesService,
  loadCampaignTemplates,
  templateFieldNames,
  type CampaignTemplates,
  type TemplatesService,
} from './templates.service.js';
export { templatesRoutes } from './templates.routes.js';
