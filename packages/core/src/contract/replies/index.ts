export * from './replies.js';
