export * from './dto.js';
export { uploadImportFile, importList, importDnc } from './import.js';
export { getLists, editListName, moveList, removeList, getListStats, getListById } from './lists.js';
export { countExport, exportByStatus, exportDnc, exportLandline, exportAll } from './export.js';
