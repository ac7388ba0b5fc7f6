export { createCampaignsService, type CampaignsService, toCampaignDto } from './campaigns.service.js';
export { campaignsRoutes } from './campaigns.routes.js';
