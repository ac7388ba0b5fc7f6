import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of devices and of sending texts, and how each answers over HTTP. */
export const devicesErrors = {
  DEVICE_INVALID: { status: 400, message: messages.devices.invalidId },
  DEVICE_NEEDS_ALL_DATA: { status: 403, message: serverMessages.devices.needsAllData },
  DEVICE_DUPLICATE: { status: 409, message: messages.devices.duplicate },
  DEVICE_NOT_FOUND: { status: 404, message: messages.devices.deviceNotFound },
  COMPUTER_FIRST: { status: 400, message: messages.devices.computerFirst },
  APP_NOT_READY: { status: 409, message: messages.devices.notReady },
  NO_DEVICE: { status: 409, message: serverMessages.devices.noDevice },
  RECIPIENT_BLOCKED: { status: 400, message: serverMessages.devices.recipientBlocked },
  NOT_AN_IDENTIFIER: { status: 400, message: serverMessages.devices.notAnIdentifier },
  SIMULATED_FULL: { status: 409, message: serverMessages.devices.simulatedFull },
  NOT_APP_DEVICE: { status: 409, message: serverMessages.devices.notAppDevice },
  // The SMS Gateway app's mobile API (sms-gateway/): what a phone sends that is refused.
  DEVICE_CODE_INVALID: { status: 401, message: serverMessages.devices.codeInvalid },
  APP_TOKEN_INVALID: { status: 401, message: serverMessages.devices.appTokenInvalid },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: serverMessages.devices.signatureInvalid },
  WEBHOOK_TIMESTAMP_STALE: { status: 401, message: serverMessages.devices.timestampStale },
  WEBHOOK_REPLAYED: { status: 409, message: serverMessages.devices.webhookReplayed },
  APP_REQUEST_INVALID: { status: 400, message: serverMessages.devices.appRequestInvalid },
  APP_MESSAGE_UNKNOWN: { status: 404, message: serverMessages.devices.appMessageUnknown },
  APP_CODES_FROM_WEB: { status: 403, message: serverMessages.devices.codesFromWeb },
  REMOTE_INVALID_ADDRESS: { status: 400, message: serverMessages.remoteDevices.invalidAddress },
  REMOTE_REFUSED_ADDRESS: { status: 400, message: serverMessages.remoteDevices.refusedAddress },
  REMOTE_INVALID_PHONE: { status: 400, message: serverMessages.remoteDevices.invalidPhone },
  REMOTE_UNREACHABLE: { status: 422, message: serverMessages.remoteDevices.unreachable },
  REMOTE_WRONG_CREDENTIALS: { status: 422, message: serverMessages.remoteDevices.wrongCredentials },
  REMOTE_WEBHOOK_FAILED: { status: 422, message: serverMessages.remoteDevices.webhookFailed },
} satisfies Record<string, ErrorAnswer>;

/** What the devices services answer: their own codes, and the common 403. */
export type DevicesErrorCode = keyof typeof devicesErrors | 'PERMISSION_REQUIRED';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    devices: typeof devicesErrors;
  }
}
