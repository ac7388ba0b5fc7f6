import { DEFAULT_IMPORT_MAX_ROWS, messages, rowLimitMessage } from '@prospector/core';
import type { AuthErrorCode } from '../modules/auth/auth.errors.js';
import type { AdminErrorCode } from '../modules/admin/admin.errors.js';
import type { ListsErrorCode } from '../modules/lists/lists.errors.js';
import type { MapsErrorCode } from '../modules/maps/index.js';
import type { DevicesErrorCode } from '../modules/devices/devices.errors.js';
import type { HooksErrorCode } from '../modules/hooks/index.js';
import type { CampaignsErrorCode } from '../modules/campaigns/index.js';
import type { TemplatesErrorCode } from '../modules/templates/templates.errors.js';
import type { RecordsErrorCode } from '../modules/records/records.errors.js';
import type { SettingsErrorCode } from '../modules/settings/index.js';
import type { TeamsErrorCode } from '../modules/teams/index.js';
import type { DataFieldsErrorCode } from '../modules/data-fields/index.js';
import type { Result } from './result.js';

export type CommonErrorCode = 'NOT_FOUND' | 'VALIDATION' | 'RATE_LIMITED' | 'INTERNAL';
export type ErrorCode =
  | CommonErrorCode
  | AuthErrorCode
  | AdminErrorCode
  | RecordsErrorCode
  | ListsErrorCode
  | MapsErrorCode
  | DevicesErrorCode
  | HooksErrorCode
  | CampaignsErrorCode
  | TemplatesErrorCode
  | SettingsErrorCode
  | TeamsErrorCode
  | DataFieldsErrorCode
  | 'API_KEY_INVALID'
  | 'UNKNOWN_PROSPECT';

/** The one map from error code to HTTP status and message. Exhaustive: a new code must be added here. */
export const errorCatalogue: Record<ErrorCode, { status: number; message: string }> = {
  NOT_FOUND: { status: 404, message: messages.http.notFound },
  VALIDATION: { status: 400, message: messages.http.badRequest },
  RATE_LIMITED: { status: 429, message: messages.http.tooManyRequests },
  INTERNAL: { status: 500, message: messages.shell.genericError },
  UNAUTHENTICATED: { status: 401, message: messages.auth.unauthenticated },
  INVALID_CODE: { status: 400, message: messages.auth.invalidCode },
  SEND_LIMIT_SHORT: { status: 429, message: messages.auth.tooManySends },
  SEND_LIMIT_DAY: { status: 429, message: messages.auth.tooManySendsToday },
  MAIL_FAILED: { status: 503, message: messages.auth.mailFailed },
  NOT_STAFF: { status: 403, message: messages.auth.impersonationForbidden },
  USER_NOT_FOUND: { status: 404, message: messages.auth.impersonationNotFound },
  USER_AMBIGUOUS: { status: 409, message: messages.auth.impersonationAmbiguous },
  TEAM_NOT_FOUND: { status: 404, message: messages.auth.teamNotFound },
  ITEM_NOT_FOUND: { status: 404, message: messages.records.itemNotFound },
  ITEM_FORBIDDEN: { status: 403, message: messages.records.itemForbidden },
  STATUS_NEEDS_PRIMARY: { status: 400, message: messages.records.statusNeedsPrimary },
  UNKNOWN_STATUS: { status: 400, message: messages.records.unknownStatus },
  UNKNOWN_FIELD: { status: 400, message: messages.records.unknownField },
  INVALID_PHONE: { status: 400, message: messages.records.invalidPhone },
  IDENTIFIER_TAKEN: { status: 409, message: messages.records.identifierTaken },
  IDENTIFIER_NOT_FOUND: { status: 404, message: messages.records.identifierNotFound },
  CANNOT_BE_PRIMARY: { status: 400, message: messages.records.cannotBePrimary },
  LINK_SAME_TYPE: { status: 400, message: messages.records.linkSameType },
  MEMBER_NOT_FOUND: { status: 400, message: messages.records.memberNotFound },
  TASK_NOT_FOUND: { status: 404, message: messages.records.taskNotFound },
  MESSAGE_NOT_FOUND: { status: 404, message: messages.records.messageNotFound },
  NOT_SCHEDULED: { status: 400, message: messages.records.notScheduled },
  STATUS_EXISTS: { status: 409, message: messages.records.statusExists },
  STATUS_NOT_FOUND: { status: 404, message: messages.records.statusNotFound },
  STATUS_BUILT_IN: { status: 400, message: messages.records.builtInStatus },
  PERMISSION_REQUIRED: { status: 403, message: messages.auth.forbidden },
  LIST_NOT_FOUND: { status: 404, message: messages.lists.listNotFound },
  LIST_IMPORTING: { status: 409, message: messages.lists.listImporting },
  LIST_NAME_REQUIRED: { status: 400, message: messages.lists.nameRequired },
  COUNTRY_CODE_INVALID: { status: 400, message: messages.lists.countryCode },
  // The message states the configured limit: the service passes rowLimitMessage(max).
  ROW_LIMIT: { status: 400, message: rowLimitMessage(DEFAULT_IMPORT_MAX_ROWS) },
  NOTHING_MAPPED: { status: 400, message: messages.lists.nothingMapped },
  MAPPING_INVALID: { status: 400, message: messages.http.badRequest },
  UPLOAD_NOT_FOUND: { status: 404, message: messages.lists.fileNotFound },
  UPLOAD_IMPORTED: { status: 409, message: messages.imports.alreadyImported },
  // The service states the team's use and the configured quota (uploadQuotaMessage).
  UPLOAD_QUOTA: { status: 413, message: messages.http.badRequest },
  // What is wrong with the file is said by the service (empty, binary, encoding, row N…).
  FILE_INVALID: { status: 400, message: messages.http.badRequest },
  FILE_TOO_LARGE: { status: 413, message: messages.lists.fileTooLarge },
  MAPS_NOT_CONFIGURED: { status: 501, message: messages.records.mapsNotConfigured },
  // Not 502: the web client stays silent on Bad Gateway, and the spec shows this message.
  MAPS_FAILED: { status: 503, message: messages.records.propertyInfoFailed },
  ADDRESS_NOT_FOUND: { status: 404, message: messages.records.addressNotFound },
  DEVICE_INVALID: { status: 400, message: messages.devices.invalidId },
  DEVICE_DUPLICATE: { status: 409, message: messages.devices.duplicate },
  DEVICE_NOT_FOUND: { status: 404, message: messages.devices.deviceNotFound },
  COMPUTER_FIRST: { status: 400, message: messages.devices.computerFirst },
  APP_NOT_READY: { status: 409, message: messages.devices.notReady },
  NO_DEVICE: { status: 409, message: messages.devices.noDevice },
  RECIPIENT_BLOCKED: { status: 400, message: messages.devices.recipientBlocked },
  NOT_AN_IDENTIFIER: { status: 400, message: messages.devices.notAnIdentifier },
  HOOK_URL_INVALID: { status: 400, message: messages.hooks.invalidUrl },
  NO_PUSH_HOOK: { status: 400, message: messages.hooks.noPushHook },
  HOOKS_ADMIN_ONLY: { status: 403, message: messages.hooks.adminOnly },
  API_KEY_INVALID: { status: 401, message: messages.hooks.invalidApiKey },
  UNKNOWN_PROSPECT: { status: 400, message: messages.hooks.unknownProspect },
  SIMULATED_FULL: { status: 409, message: messages.devices.simulatedFull },
  TEMPLATE_GROUP_NOT_FOUND: { status: 404, message: messages.templates.groupNotFound },
  TEMPLATE_NOT_FOUND: { status: 404, message: messages.templates.templateNotFound },
  SUBTEMPLATE_NOT_FOUND: { status: 404, message: messages.templates.subtemplateNotFound },
  QUICK_REPLY_NOT_FOUND: { status: 404, message: messages.templates.replyNotFound },
  // Which placeholder names nothing is said by the service (templateProblem's text).
  TEMPLATE_INVALID: { status: 400, message: messages.http.badRequest },
  SUBTEMPLATE_NO_VALUES: { status: 400, message: messages.templates.subtemplateValues },
  SUBTEMPLATE_EXISTS: { status: 409, message: messages.templates.subtemplateExists },
  CAMPAIGN_NOT_FOUND: { status: 404, message: messages.campaigns.campaignNotFound },
  // Which builder rule failed is said by the service, in the spec's words.
  CAMPAIGN_INVALID: { status: 400, message: messages.http.badRequest },
  CAMPAIGN_UNKNOWN_DEVICE: { status: 400, message: messages.campaigns.unknownDevice },
  CAMPAIGN_UNKNOWN_GROUP: { status: 400, message: messages.campaigns.unknownGroup },
  CAMPAIGN_UNKNOWN_LIST: { status: 400, message: messages.campaigns.unknownList },
  CAMPAIGN_NO_TEMPLATES: { status: 400, message: messages.campaigns.noTemplatesInGroups },
  // Which onboarding gate is unmet is said by the service (messages.onboarding).
  ONBOARDING_INCOMPLETE: { status: 400, message: messages.http.badRequest },
  TEAM_MEMBER_NOT_FOUND: { status: 404, message: messages.team.memberNotFound },
  MEMBER_EMAIL_TAKEN: { status: 409, message: messages.team.emailTaken },
  MEMBER_EMAIL_IN_TEAM: { status: 409, message: messages.team.emailInTeam },
  STAFF_EMAIL_LOCKED: { status: 403, message: messages.team.staffEmailLocked },
  NO_EMAIL_CHANGE: { status: 400, message: messages.team.noEmailChange },
  OWN_ACCESS_ADMIN_ONLY: { status: 403, message: messages.team.ownAccessAdminOnly },
  ADMIN_EDIT_ADMIN_ONLY: { status: 403, message: messages.team.adminEditAdminOnly },
  CANNOT_REMOVE_SELF: { status: 403, message: messages.team.cannotRemoveSelf },
  CANNOT_REMOVE_ADMIN: { status: 403, message: messages.team.cannotRemoveAdmin },
  ASSIGNEES_REQUIRED: { status: 400, message: messages.team.assigneesRequired },
  ASSIGNEE_NOT_IN_TEAM: { status: 400, message: messages.team.assigneeNotInTeam },
  // Which check failed (type, size, no file) is said by the service (messages.avatars).
  AVATAR_INVALID: { status: 400, message: messages.avatars.wrongType },
  COMPANY_NAME_INVALID: { status: 400, message: messages.settings.companyNameTooShort },
  // Which rule the sections break is said by the service (sectionsProblem's text).
  SECTIONS_INVALID: { status: 400, message: messages.http.badRequest },
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly headers: Record<string, string> = {},
    /** A message more precise than the catalogue's (a row number, the configured limit). */
    readonly detail?: string,
  ) {
    super(code);
  }
}

export function unwrap<T, C extends ErrorCode>(result: Result<T, C>): T {
  if (!result.ok) throw new DomainError(result.code, {}, result.message);
  return result.value;
}
