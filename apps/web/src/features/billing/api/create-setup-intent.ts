import { createSetupIntent as endpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';

/** Starts a card entry: the SetupIntent Stripe Elements confirms in the browser. */
export function createSetupIntent() {
  return call(endpoint, undefined, { quiet: true });
}
