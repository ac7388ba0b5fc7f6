import {
  correctReplyLabel,
  getReplyActionSettings,
  getReplyBacklog,
  saveReplyActionSettings,
  undoReplyActions,
  getReplyCounts,
  getReplyModelAccuracy,
  getReplyTemperatures,
  listReplyLabels,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Reply labels: a record's chips, a member's correction, the Messenger's counts, the model's accuracy. */
export async function repliesRoutes(app: FastifyInstance) {
  const replies = app.services.replies;
  route(app, listReplyLabels, async ({ auth, query }) => ({
    labels: unwrap(await replies.list(auth, query.itemId)),
  }));
  route(app, correctReplyLabel, async ({ auth, body }) => ({
    label: unwrap(await replies.correct(auth, body.messageId, body.label)),
  }));
  route(app, getReplyCounts, async ({ auth }) => replies.counts(auth));
  route(app, getReplyTemperatures, async ({ auth, body }) => ({
    temperatures: await replies.temperatures(auth, body.itemIds),
  }));
  route(app, getReplyBacklog, async ({ auth }) => app.services.replyBacklog.progress(auth.teamId));
  route(app, getReplyActionSettings, async ({ auth }) => ({
    settings: await app.services.replyActions.settings(auth.teamId),
  }));
  route(app, saveReplyActionSettings, async ({ auth, body }) => ({
    settings: unwrap(await app.services.replyActions.saveSettings(auth, body)),
  }));
  route(app, undoReplyActions, async ({ auth, body }) => ({
    label: unwrap(await replies.undo(auth, body.messageId)),
  }));
  route(app, getReplyModelAccuracy, async ({ auth }) => unwrap(await replies.accuracy(auth)));
}
