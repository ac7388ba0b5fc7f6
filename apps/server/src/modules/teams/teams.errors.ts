import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of Settings > Team, avatars and the company profile, and how each answers over HTTP. */
export const teamsErrors = {
  TEAM_NOT_FOUND: { status: 404, message: serverMessages.auth.teamNotFound },
  TEAM_MEMBER_NOT_FOUND: { status: 404, message: serverMessages.team.memberNotFound },
  MEMBER_EMAIL_TAKEN: { status: 409, message: serverMessages.team.emailTaken },
  MEMBER_EMAIL_IN_TEAM: { status: 409, message: serverMessages.team.emailInTeam },
  STAFF_EMAIL_LOCKED: { status: 403, message: serverMessages.team.staffEmailLocked },
  NO_EMAIL_CHANGE: { status: 400, message: serverMessages.team.noEmailChange },
  OWN_ACCESS_ADMIN_ONLY: { status: 403, message: messages.team.ownAccessAdminOnly },
  ADMIN_EDIT_ADMIN_ONLY: { status: 403, message: serverMessages.team.adminEditAdminOnly },
  CANNOT_REMOVE_SELF: { status: 403, message: serverMessages.team.cannotRemoveSelf },
  CANNOT_REMOVE_ADMIN: { status: 403, message: serverMessages.team.cannotRemoveAdmin },
  ASSIGNEES_REQUIRED: { status: 400, message: serverMessages.team.assigneesRequired },
  ASSIGNEE_NOT_IN_TEAM: { status: 400, message: serverMessages.team.assigneeNotInTeam },
  // Which check failed (type, size, no file) is said by the service (messages.avatars).
  AVATAR_INVALID: { status: 400, message: messages.avatars.wrongType },
  COMPANY_NAME_INVALID: { status: 400, message: messages.settings.companyNameTooShort },
} satisfies Record<string, ErrorAnswer>;

/** What the teams services answer: their own codes, and the common 403. */
export type TeamsErrorCode = keyof typeof teamsErrors | 'PERMISSION_REQUIRED';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    teams: typeof teamsErrors;
  }
}
