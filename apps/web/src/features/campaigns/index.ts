export { CampaignsPage } from './components/campaigns-page';
export { CampaignBuilder } from './components/campaign-builder';
export { campaignsKeys } from './api/campaigns-keys';
