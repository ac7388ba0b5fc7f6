import { withAllTeams } from '../../lib/team-scope.js';
import { createCampaignEngine } from './engine/campaign-engine.js';
import { servicePlugin } from '../../plugins/services.js';
import {
  createPhoneStates,
  createPhoneZones,
  type PhoneState,
  type PhoneZones,
} from '../../providers/phone-zones/index.js';
import { createCampaignsService } from './campaigns.service.js';

export type CampaignsOptions = {
  /** Time zones of a phone number (recipient quiet hours); tests pass a fixed map. */
  phoneZones?: PhoneZones;
  /** The US state of a phone number's area code (state laws); the bench passes "unknown". */
  phoneStates?: PhoneState;
  /** Randomness of the engine's send spacing (tests make it fixed). */
  random?: () => number;
};

/**
 * Campaigns and the engine that sends them through the devices' gateway. A reply to a campaign's
 * text stops the campaign for that record: the campaigns listen to the SMS service's replies.
 */
export const campaignsPlugin = servicePlugin(
  'campaigns',
  ['realtime', 'notifications', 'records', 'teams', 'devices', 'billing', 'calls'],
  (app, { notifications, teams, gateway, sms, plans, calls, dialler }, options: CampaignsOptions) => {
    const { config, clock } = app;
    const { db } = app.database;
    const campaignEngine = createCampaignEngine({
      db,
      clock,
      events: app.events,
      log: app.log,
      realtime: app.realtime,
      kickDevice: gateway.kick,
      teams,
      zonesOf: options.phoneZones ?? createPhoneZones(),
      stateOf: options.phoneStates ?? createPhoneStates(),
      planSmsLeft: async (tx, teamId, now) => (await plans.smsLeftThisMonth(tx, teamId, now)).left,
      requeueCalls: (tx, teamId, campaignId, itemIds) =>
        calls.requeueFollowUps(tx, teamId, campaignId, itemIds),
      wakeCallers: (userIds) => calls.wake(userIds),
      notifyAdmins: async (teamId, body) => {
        await notifications.notifyAdmins(teamId, body);
      },
      ...(options.random ? { random: options.random } : {}),
      options: {
        tickMs: config.CAMPAIGN_TICK_MS,
        gapMinMs: config.CAMPAIGN_GAP_MIN_MS,
        gapMaxMs: Math.max(config.CAMPAIGN_GAP_MIN_MS, config.CAMPAIGN_GAP_MAX_MS),
        firstTouchCap: config.CAMPAIGN_FIRST_TOUCH_CAP,
        perDeviceBatch: config.CAMPAIGN_BATCH_PER_DEVICE,
        maxPerTick: config.CAMPAIGN_MAX_PER_TICK,
      },
    });
    const campaigns = createCampaignsService({
      db,
      clock,
      realtime: () => app.realtime,
      // The engine's tick serves every team, so it starts outside the caller's team scope (ADR 028).
      kick: () => withAllTeams(() => campaignEngine.kick()),
      fillCallQueues: (teamId, campaignId, contacts) => calls.fillCallCampaign(teamId, campaignId, contacts),
      callFigures: (campaignIds) => calls.campaignFigures(campaignIds),
      dropFollowUpCalls: (teamId, itemId, campaignIds) =>
        calls.dropFollowUpCalls(teamId, itemId, campaignIds),
    });
    sms.onReply((teamId, itemId, optOut) => campaigns.stopForReply(teamId, itemId, optOut));
    dialler.onCampaignCall((e) => campaigns.callEnded(e));
    dialler.onFollowUpDue((e) => campaignEngine.followUpStillDue(e));
    return { campaigns, campaignEngine };
  },
);
