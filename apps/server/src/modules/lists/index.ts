import { defineModule } from '../../plugins/app-module.js';
import { listsPlugin } from './lists.plugin.js';
import { listsRoutes } from './lists.routes.js';
import { listsErrors } from './lists.errors.js';
import type { ListsService } from './lists.service.js';
import type { ListImportsService } from './list-imports.service.js';
import type { ListRecordsService } from './list-records.service.js';
import type { ImportWorker } from './engine/import-worker.js';
export { createListsService, toListDto, type ListsService } from './lists.service.js';
export {
  createListImportsService,
  type Importer,
  type UploadedFile,
  type ListImportsService,
} from './list-imports.service.js';
export {
  createListRecordsService,
  type ListRecordsService,
  type RecordInput,
} from './list-records.service.js';
export { listsRoutes } from './lists.routes.js';
export { traceLists, type TraceFigures, type TraceListFigures } from './trace-lists.service.js';
/** How an import reads a cell into a system field (the public API reads its values alike). */
export { importFieldValue } from './engine/prepare-row.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    lists: ListsService;
    listImports: ListImportsService;
    listRecords: ListRecordsService;
    imports: ImportWorker;
  }
}

/** Lists, uploads, imports (with the import worker), exports and the DNC list. */
export const listsModule = defineModule({
  name: 'lists',
  plugins: [listsPlugin],
  uploads: [listsRoutes],
  errors: { lists: listsErrors },
  start: (app) => {
    if (app.config.IMPORT_WORKER) app.services.imports.start();
  },
  stop: async (app) => {
    await app.services.imports.stop();
  },
});
