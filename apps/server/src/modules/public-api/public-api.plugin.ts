import { servicePlugin } from '../../plugins/services.js';
import { createApiKeysService } from './api-keys.service.js';
import { createV1Service } from './v1.service.js';

/** The team's API keys and the public API v1's use cases (ADR 043). */
export const publicApiPlugin = servicePlugin('publicApi', ['audit', 'records'], (app, { audit, records }) => {
  const { db } = app.database;
  return {
    apiKeys: createApiKeysService({ db, clock: app.clock, audit }),
    v1: createV1Service({ db, clock: app.clock, records }),
  };
});
