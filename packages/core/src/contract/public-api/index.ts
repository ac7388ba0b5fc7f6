export * from './api-keys.js';
export * from './v1-define.js';
export * from './v1.js';
export * from './v1-records.js';
export * from './v1-work.js';
export * from './openapi.js';
export * from './webhooks.js';
