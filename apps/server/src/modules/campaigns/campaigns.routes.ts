import {
  campaignStats,
  countItems,
  countMissingFields,
  getCampaigns,
  launchCampaign,
  removeCampaign,
  startStopCampaign,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** The campaign builder's calls and the Campaigns page. */
export async function campaignsRoutes(app: FastifyInstance) {
  const { campaigns } = app.services;
  route(app, countItems, async ({ auth, body }) => campaigns.countItems(auth, body));
  route(app, countMissingFields, async ({ auth, body }) => campaigns.missingFields(auth, body));
  route(app, launchCampaign, async ({ auth, body }) => unwrap(await campaigns.launch(auth, body)));
  route(app, getCampaigns, async ({ auth, query }) => campaigns.page(auth, query));
  route(app, startStopCampaign, async ({ auth, body }) => unwrap(await campaigns.startStop(auth, body)));
  route(app, removeCampaign, async ({ auth, body }) => unwrap(await campaigns.remove(auth, body.campaignId)));
  route(app, campaignStats, async ({ auth, params }) =>
    unwrap(await campaigns.stats(auth, params.campaignId)),
  );
}
