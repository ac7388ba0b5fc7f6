import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

const m = messages.dialler;

/** Expected failures of the dialler, voicemails and numbers. */
export const callsErrors = {
  NO_PHONES: { status: 409, message: m.noPhones },
  NOT_JOINED: { status: 409, message: m.notJoined },
  ON_CALL: { status: 409, message: m.onCall },
  CALL_NOT_FOUND: { status: 404, message: m.callNotFound },
  NOT_MACHINE: { status: 409, message: m.notMachine },
  NO_VM_SELECTED: { status: 400, message: m.noVmSelected },
  VM_NOT_FOUND: { status: 404, message: m.vmNotFound },
  VM_EMPTY: { status: 400, message: m.vmEmpty },
  VM_TOO_LARGE: { status: 400, message: m.vmTooLarge },
  VM_TYPE: { status: 400, message: m.vmType },
  CANNOT_UNQUEUE: { status: 409, message: m.cannotUnqueue },
  NOT_QUEUED: { status: 404, message: m.notQueued },
  NO_PHONE: { status: 409, message: m.noPhone },
  DNC: { status: 409, message: m.dnc },
  WRONG_NUMBER: { status: 409, message: m.wrongNumber },
  QUIET_HOURS: { status: 409, message: m.quietHours },
  /** The message names the state's law and when the contact may be called (messages.dialler.lawDailyCapCall). */
  LAW_DAILY_CAP: { status: 409, message: serverMessages.dialler.lawDailyCap },
  VOICE_FAILED: { status: 502, message: m.voiceFailed },
  NUMBERS_PERMISSION: { status: 403, message: m.numbersPermission },
  NUMBER_NOT_FOUND: { status: 404, message: m.numberNotFound },
  CALL_TAKEN: { status: 409, message: m.callTaken },
  NO_INCOMING: { status: 404, message: m.noIncoming },
  NOT_SIMULATED: { status: 409, message: m.notSimulated },
  /** The message names the plan's limit (rules/billing callLimitMessage). */
  PLAN_CALL_LIMIT: { status: 402, message: messages.billing.callLimit },
  FORWARD_NUMBER_REQUIRED: { status: 400, message: m.forwardNumberRequired },
  FORWARD_NUMBER_INVALID: { status: 400, message: m.forwardNumberInvalid },
  // A status's call settings (Settings > Statuses).
  FORWARD_TO_REQUIRED: { status: 400, message: m.forwardToRequired },
  FORWARD_TO_NO_PHONE: { status: 400, message: m.forwardToNoPhone },
  STATUS_VM_NOT_FOUND: { status: 404, message: m.vmNotFound },
} satisfies Record<string, ErrorAnswer>;

export type CallsErrorCode = keyof typeof callsErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    calls: typeof callsErrors;
  }
}
