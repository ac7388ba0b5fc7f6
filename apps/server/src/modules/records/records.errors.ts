import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of records, their tasks, threads and statuses, and how each answers over HTTP. */
export const recordsErrors = {
  ITEM_NOT_FOUND: { status: 404, message: serverMessages.records.itemNotFound },
  ITEM_FORBIDDEN: { status: 403, message: serverMessages.records.itemForbidden },
  STATUS_NEEDS_PRIMARY: { status: 400, message: messages.records.statusNeedsPrimary },
  UNKNOWN_STATUS: { status: 400, message: serverMessages.records.unknownStatus },
  UNKNOWN_FIELD: { status: 400, message: messages.records.unknownField },
  INVALID_PHONE: { status: 400, message: messages.records.invalidPhone },
  IDENTIFIER_TAKEN: { status: 409, message: serverMessages.records.identifierTaken },
  IDENTIFIER_NOT_FOUND: { status: 404, message: serverMessages.records.identifierNotFound },
  CANNOT_BE_PRIMARY: { status: 400, message: serverMessages.records.cannotBePrimary },
  ON_RECORD_NOT_YOURS: { status: 409, message: serverMessages.records.onRecordNotYours },
  LINK_SAME_TYPE: { status: 400, message: serverMessages.records.linkSameType },
  ADDRESS_REQUIRED: { status: 400, message: serverMessages.records.addressRequired },
  ADDRESS_AMBIGUOUS: { status: 409, message: serverMessages.records.addressAmbiguous },
  MEMBER_NOT_FOUND: { status: 400, message: serverMessages.records.memberNotFound },
  TASK_NOT_FOUND: { status: 404, message: serverMessages.records.taskNotFound },
  MESSAGE_NOT_FOUND: { status: 404, message: serverMessages.records.messageNotFound },
  NOT_SCHEDULED: { status: 400, message: serverMessages.records.notScheduled },
  STATUS_EXISTS: { status: 409, message: messages.records.statusExists },
  STATUS_NOT_FOUND: { status: 404, message: serverMessages.records.statusNotFound },
  STATUS_BUILT_IN: { status: 400, message: serverMessages.records.builtInStatus },
  PHOTO_INVALID: { status: 400, message: messages.recordDetail.photoWrongType },
  PHOTO_NOT_FOUND: { status: 404, message: serverMessages.recordDetail.photoNotFound },
  PHOTO_ONLY_PROPERTIES: { status: 400, message: serverMessages.recordDetail.photoOnlyProperties },
  BULK_TARGET_NOT_FOUND: { status: 404, message: serverMessages.bulk.targetNotFound },
  BULK_NOT_A_CALLER: { status: 400, message: serverMessages.bulk.notACaller },
  BULK_OWN_QUEUE_ONLY: { status: 403, message: serverMessages.bulk.ownQueueOnly },
  BULK_JOB_NOT_FOUND: { status: 404, message: serverMessages.bulk.jobNotFound },
  BULK_UNDO_EXPIRED: { status: 409, message: serverMessages.bulk.undoExpired },
  BULK_NOTHING_SELECTED: { status: 400, message: serverMessages.bulk.nothingSelected },
  BULK_EXPORT_NOT_READY: { status: 409, message: serverMessages.bulk.exportNotReady },
} satisfies Record<string, ErrorAnswer>;

/** What the records services answer: their own codes, and the common 403. */
export type RecordsErrorCode = keyof typeof recordsErrors | 'PERMISSION_REQUIRED';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    records: typeof recordsErrors;
  }
}
