export * from './constants.js';
export * from './messages.js';
export * from './contract/index.js';
export * from './rules/auth.js';
export * from './rules/affiliate.js';
export * from './rules/navigation.js';
export * from './rules/records.js';
export * from './rules/lists.js';
