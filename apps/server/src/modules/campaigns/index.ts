import { defineModule } from '../../plugins/app-module.js';
import { campaignsPlugin } from './campaigns.plugin.js';
import { campaignsRoutes } from './campaigns.routes.js';
import { campaignsErrors } from './campaigns.errors.js';
import type { CampaignsService } from './campaigns.service.js';
import type { CampaignEngine } from './engine/campaign-engine.js';
export { createCampaignsService, type CampaignsService, toCampaignDto } from './campaigns.service.js';
export { campaignsRoutes } from './campaigns.routes.js';
export { pauseTeamCampaigns } from './campaign-pause.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    campaigns: CampaignsService;
    campaignEngine: CampaignEngine;
  }
}

/** Campaigns and the engine that sends them. */
export const campaignsModule = defineModule({
  name: 'campaigns',
  plugins: [campaignsPlugin],
  routes: [campaignsRoutes],
  errors: { campaigns: campaignsErrors },
  start: (app) => {
    if (app.config.CAMPAIGN_ENGINE) app.services.campaignEngine.start();
  },
  stop: async (app) => {
    await app.services.campaignEngine.stop();
  },
});
