export * from './dto.js';
export * from './chats.js';
