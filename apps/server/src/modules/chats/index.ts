export { createChatsService, type ChatsService } from './chats.service.js';
export { chatsRoutes } from './chats.routes.js';
export type { SupportAlerts } from './support-alerts.js';
export type { ChatsErrorCode } from './chats.errors.js';
