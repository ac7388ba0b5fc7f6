import { messages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of records, their tasks, threads and statuses, and how each answers over HTTP. */
export const recordsErrors = {
  ITEM_NOT_FOUND: { status: 404, message: messages.records.itemNotFound },
  ITEM_FORBIDDEN: { status: 403, message: messages.records.itemForbidden },
  STATUS_NEEDS_PRIMARY: { status: 400, message: messages.records.statusNeedsPrimary },
  UNKNOWN_STATUS: { status: 400, message: messages.records.unknownStatus },
  UNKNOWN_FIELD: { status: 400, message: messages.records.unknownField },
  INVALID_PHONE: { status: 400, message: messages.records.invalidPhone },
  IDENTIFIER_TAKEN: { status: 409, message: messages.records.identifierTaken },
  IDENTIFIER_NOT_FOUND: { status: 404, message: messages.records.identifierNotFound },
  CANNOT_BE_PRIMARY: { status: 400, message: messages.records.cannotBePrimary },
  ON_RECORD_NOT_YOURS: { status: 409, message: messages.records.onRecordNotYours },
  LINK_SAME_TYPE: { status: 400, message: messages.records.linkSameType },
  ADDRESS_REQUIRED: { status: 400, message: messages.records.addressRequired },
  ADDRESS_AMBIGUOUS: { status: 409, message: messages.records.addressAmbiguous },
  MEMBER_NOT_FOUND: { status: 400, message: messages.records.memberNotFound },
  TASK_NOT_FOUND: { status: 404, message: messages.records.taskNotFound },
  MESSAGE_NOT_FOUND: { status: 404, message: messages.records.messageNotFound },
  NOT_SCHEDULED: { status: 400, message: messages.records.notScheduled },
  STATUS_EXISTS: { status: 409, message: messages.records.statusExists },
  STATUS_NOT_FOUND: { status: 404, message: messages.records.statusNotFound },
  STATUS_BUILT_IN: { status: 400, message: messages.records.builtInStatus },
  PHOTO_INVALID: { status: 400, message: messages.recordDetail.photoWrongType },
  PHOTO_NOT_FOUND: { status: 404, message: messages.recordDetail.photoNotFound },
  PHOTO_ONLY_PROPERTIES: { status: 400, message: messages.recordDetail.photoOnlyProperties },
  BULK_TARGET_NOT_FOUND: { status: 404, message: messages.bulk.targetNotFound },
  BULK_NOT_A_CALLER: { status: 400, message: messages.bulk.notACaller },
  BULK_OWN_QUEUE_ONLY: { status: 403, message: messages.bulk.ownQueueOnly },
  BULK_JOB_NOT_FOUND: { status: 404, message: messages.bulk.jobNotFound },
  BULK_UNDO_EXPIRED: { status: 409, message: messages.bulk.undoExpired },
  BULK_NOTHING_SELECTED: { status: 400, message: messages.bulk.nothingSelected },
  BULK_EXPORT_NOT_READY: { status: 409, message: messages.bulk.exportNotReady },
} satisfies Record<string, ErrorAnswer>;

/** What the records services answer: their own codes, and the common 403. */
export type RecordsErrorCode = keyof typeof recordsErrors | 'PERMISSION_REQUIRED';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    records: typeof recordsErrors;
  }
}
