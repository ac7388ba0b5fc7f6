import { servicePlugin } from '../../plugins/services.js';
import { createApiKeysService } from './api-keys.service.js';
import { createV1RecordsService } from './v1-records.service.js';
import { createV1Service } from './v1.service.js';

export type V1Service = ReturnType<typeof createV1Service> & ReturnType<typeof createV1RecordsService>;

/** The team's API keys and the public API v1's use cases (ADR 043). */
export const publicApiPlugin = servicePlugin(
  'publicApi',
  ['audit', 'records', 'lists'],
  (app, { audit, teamRecords, listRecords, listImports }) => {
    const { db } = app.database;
    const v1: V1Service = {
      ...createV1Service({ teamRecords, listRecords, listImports }),
      ...createV1RecordsService({ teamRecords, listRecords }),
    };
    return { apiKeys: createApiKeysService({ db, clock: app.clock, audit }), v1 };
  },
);
