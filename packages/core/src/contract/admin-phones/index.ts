export * from './admin-phones.js';
