export { hijack } from './hijack.js';
export { switchToUser } from './switch-to-user.js';
export * from './second-factor.js';
export * from './panel.js';
export * from './team-actions.js';
export * from './audit.js';
