import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of templates, subtemplates and quick replies, and how each answers over HTTP. */
export const templatesErrors = {
  TEMPLATE_GROUP_NOT_FOUND: { status: 404, message: messages.templates.groupNotFound },
  TEMPLATE_NOT_FOUND: { status: 404, message: messages.templates.templateNotFound },
  SUBTEMPLATE_NOT_FOUND: { status: 404, message: messages.templates.subtemplateNotFound },
  QUICK_REPLY_NOT_FOUND: { status: 404, message: messages.templates.replyNotFound },
  // Which placeholder names nothing is said by the service (templateProblem's text).
  TEMPLATE_INVALID: { status: 400, message: serverMessages.http.badRequest },
  SUBTEMPLATE_NO_VALUES: { status: 400, message: messages.templates.subtemplateValues },
  SUBTEMPLATE_EXISTS: { status: 409, message: messages.templates.subtemplateExists },
} satisfies Record<string, ErrorAnswer>;

/** What the templates service answers: its own codes, and the common 403. */
export type TemplatesErrorCode = keyof typeof templatesErrors | 'PERMISSION_REQUIRED';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    templates: typeof templatesErrors;
  }
}
