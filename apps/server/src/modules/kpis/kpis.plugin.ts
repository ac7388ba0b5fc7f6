import { servicePlugin } from '../../plugins/services.js';
import { createKpisService } from './kpis.service.js';

/** The team's own KPIs. */
export const kpisPlugin = servicePlugin('kpis', [], (app) => ({
  kpis: createKpisService({ db: app.database.db }),
}));
