export { createCampaignsService, type CampaignsService, toCampaignDto } from './campaigns.service.js';
export { campaignsRoutes } from './campaigns.routes.js';
export type { CampaignsErrorCode } from './campaigns.errors.js';
