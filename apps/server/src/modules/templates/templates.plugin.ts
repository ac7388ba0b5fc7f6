import { servicePlugin } from '../../plugins/services.js';
import { createTemplatesService } from './templates.service.js';

/** Message templates, their groups, subtemplates and quick replies. */
export const templatesPlugin = servicePlugin('templates', ['realtime'], (app) => ({
  templates: createTemplatesService({ db: app.database.db, clock: app.clock, realtime: () => app.realtime }),
}));
