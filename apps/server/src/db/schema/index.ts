export * from './teams.js';
export * from './auth.js';
export * from './audit.js';
export * from './records.js';
export * from './lists.js';
export * from './devices.js';
export * from './hooks.js';
