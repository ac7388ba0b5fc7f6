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
/** How an import reads a cell into a system field (the public API reads its values alike). */
export { importFieldValue } from '../../engines/import/prepare-row.js';
