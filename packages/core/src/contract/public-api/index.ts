export * from './api-keys.js';
export * from './v1.js';
export * from './openapi.js';
export * from './webhooks.js';
