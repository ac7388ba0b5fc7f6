/** Expected failures of Settings > Team; their statuses and messages are in lib/errors.ts. */
export type TeamsErrorCode =
  | 'PERMISSION_REQUIRED'
  | 'TEAM_MEMBER_NOT_FOUND'
  | 'MEMBER_EMAIL_TAKEN'
  | 'MEMBER_EMAIL_IN_TEAM'
  | 'STAFF_EMAIL_LOCKED'
  | 'NO_EMAIL_CHANGE'
  | 'OWN_ACCESS_ADMIN_ONLY'
  | 'ADMIN_EDIT_ADMIN_ONLY'
  | 'CANNOT_REMOVE_SELF'
  | 'CANNOT_REMOVE_ADMIN'
  | 'ASSIGNEES_REQUIRED'
  | 'ASSIGNEE_NOT_IN_TEAM'
  | 'AVATAR_INVALID'
  | 'TEAM_NOT_FOUND'
  | 'COMPANY_NAME_INVALID';
