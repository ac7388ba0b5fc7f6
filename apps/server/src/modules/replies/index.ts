export { createRepliesService, type RepliesService, toReplyLabelDto } from './replies.service.js';
export { repliesRoutes } from './replies.routes.js';
export { repliesPlugin } from './replies.plugin.js';
export type { RepliesErrorCode } from './replies.errors.js';
export type { ReplyBacklog } from './replies.backlog.js';
export type { ReplyActions } from './reply-actions.service.js';
