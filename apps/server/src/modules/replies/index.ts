import { defineModule } from '../../plugins/app-module.js';
import { repliesPlugin } from './replies.plugin.js';
import { repliesRoutes } from './replies.routes.js';
import { repliesErrors } from './replies.errors.js';
import type { RepliesService } from './replies.service.js';
import type { ReplyBacklog } from './replies.backlog.js';
import type { ReplyActions } from './reply-actions.service.js';
export { createRepliesService, type RepliesService, toReplyLabelDto } from './replies.service.js';
export { repliesRoutes } from './replies.routes.js';
export { repliesPlugin } from './replies.plugin.js';
export type { RepliesErrorCode } from './replies.errors.js';
export type { ReplyBacklog } from './replies.backlog.js';
export type { ReplyActions } from './reply-actions.service.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    replies: RepliesService;
    replyBacklog: ReplyBacklog;
    replyActions: ReplyActions;
  }
}

/** Replies' labels, their actions and the team's model. */
export const repliesModule = defineModule({
  name: 'replies',
  plugins: [repliesPlugin],
  routes: [repliesRoutes],
  errors: { replies: repliesErrors },
  start: (app) => {
    void app.services.replyBacklog.start();
  },
  stop: async (app) => {
    await app.services.replyBacklog.stop();
  },
});
