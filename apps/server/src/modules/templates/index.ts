import { defineModule } from '../../plugins/app-module.js';
import { templatesPlugin } from './templates.plugin.js';
import { templatesRoutes } from './templates.routes.js';
import { templatesErrors } from './templates.errors.js';
import type { TemplatesService } from './templates.service.js';
export {
  blockedCountsOfMoves,
  createTemplatesService,
  loadCampaignTemplates,
  templateFieldNames,
  type CampaignTemplates,
  type TemplatesService,
} from './templates.service.js';
export { templatesRoutes } from './templates.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    templates: TemplatesService;
  }
}

/** Templates, their groups, subtemplates and quick replies. */
export const templatesModule = defineModule({
  name: 'templates',
  plugins: [templatesPlugin],
  routes: [templatesRoutes],
  errors: { templates: templatesErrors },
});
