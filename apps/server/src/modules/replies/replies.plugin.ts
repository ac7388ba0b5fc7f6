import { servicePlugin } from '../../plugins/services.js';
import * as q from './replies.queries.js';
import { createReplyBacklog } from './replies.backlog.js';
import { createReplyModels } from './reply-models.js';
import { createRepliesService } from './replies.service.js';

/**
 * Reply labels (issue 31): the models (trained from the labelled set as the app is built), and the
 * service that labels each text the SMS service receives, after its urgent half has reached the browsers;
 * the background pass that labels the texts received before.
 */
export const repliesPlugin = servicePlugin(
  'replies',
  ['realtime', 'records', 'devices'],
  (app, { records, sms }) => {
    const { db } = app.database;
    const models = createReplyModels({ loadCorrections: (teamId) => q.listCorrections(db, teamId) });
    const replies = createRepliesService({
      db,
      clock: app.clock,
      realtime: () => app.realtime,
      models,
      records,
    });
    sms.onReply(async (teamId, itemId, _optOut, reply) => {
      await replies.labelReceived({ teamId, itemId, messageId: reply.messageId, body: reply.body });
    });
    const replyBacklog = createReplyBacklog({ db, models, log: app.log });
    return { replies, replyBacklog };
  },
);
