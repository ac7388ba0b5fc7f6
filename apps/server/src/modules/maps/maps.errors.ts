import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of property information (Google Maps, the property-information provider), and how each answers over HTTP. */
export const mapsErrors = {
  MAPS_NOT_CONFIGURED: { status: 501, message: serverMessages.records.mapsNotConfigured },
  // Not 502: the web client stays silent on Bad Gateway, and the spec shows this message.
  MAPS_FAILED: { status: 503, message: messages.records.propertyInfoFailed },
  ADDRESS_NOT_FOUND: { status: 404, message: serverMessages.records.addressNotFound },
  PROPERTY_INFO_NOT_CONFIGURED: { status: 501, message: messages.recordDetail.propertyInfoNotConfigured },
  INFO_ONLY_PROPERTIES: { status: 400, message: serverMessages.recordDetail.infoOnlyProperties },
} satisfies Record<string, ErrorAnswer>;

export type MapsErrorCode = keyof typeof mapsErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    maps: typeof mapsErrors;
  }
}
