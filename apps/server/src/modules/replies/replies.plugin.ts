import { servicePlugin } from '../../plugins/services.js';
import * as q from './replies.queries.js';
import { createReplyBacklog } from './replies.backlog.js';
import { createReplyModels } from './reply-models.js';
import { correctionFromPeer, createRepliesService, REPLY_CORRECTED } from './replies.service.js';
import { createReplyActions } from './reply-actions.service.js';
import { createPhoneZones, type PhoneZones } from '../../providers/phone-zones/index.js';

/**
 * Reply labels (issue 31): the models (trained from the labelled set as the app is built), and the
 * service that labels each text the SMS service receives, after its urgent half has reached the browsers;
 * the background pass that labels the texts received before.
 */
export const repliesPlugin = servicePlugin(
  'replies',
  ['realtime', 'records', 'devices', 'notifications'],
  (app, { records, sms, notifications }, options: { phoneZones?: PhoneZones } = {}) => {
    const { db } = app.database;
    const models = createReplyModels({ loadCorrections: (teamId) => q.listCorrections(db, teamId) });
    const replyActions = createReplyActions({
      db,
      clock: app.clock,
      realtime: () => app.realtime,
      notifications,
      zonesOf: options.phoneZones ?? createPhoneZones(),
    });
    const replies = createRepliesService({
      actions: replyActions,
      db,
      clock: app.clock,
      realtime: () => app.realtime,
      events: app.events,
      models,
      records,
      peers: app.realtime.peers,
    });
    // A correction made through another process: this process's model of the team learns it too.
    app.realtime.peers.on(REPLY_CORRECTED, async (payload) => {
      const correction = correctionFromPeer(payload);
      if (correction)
        await models.learn(correction.teamId, { text: correction.text, label: correction.label });
    });
    sms.onReply(async (teamId, itemId, _optOut, reply) => {
      await replies.labelReceived({ teamId, itemId, messageId: reply.messageId, body: reply.body });
    });
    const replyBacklog = createReplyBacklog({ db, models, log: app.log });
    return { replies, replyBacklog, replyActions };
  },
);
