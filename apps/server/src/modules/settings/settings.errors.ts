/** Expected failures of Settings > Other; their statuses and messages are in lib/errors.ts. */
export type SettingsErrorCode = 'PERMISSION_REQUIRED' | 'TEAM_NOT_FOUND' | 'ONBOARDING_INCOMPLETE';
