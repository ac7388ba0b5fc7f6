export type AdminErrorCode = 'NOT_STAFF' | 'USER_NOT_FOUND' | 'USER_AMBIGUOUS' | 'TEAM_NOT_FOUND';
