import {
  countExport,
  editListName,
  exportAll,
  exportByStatus,
  exportDnc,
  exportLandline,
  getListById,
  getLists,
  getListStats,
  importDnc,
  importList,
  moveList,
  removeList,
  uploadImportFile,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { asFormError, readingForm, watchFormStream } from '../../lib/multipart-form.js';
import { route } from '../../lib/route.js';

export async function listsRoutes(app: FastifyInstance) {
  const { lists, listImports } = app.services;

  route(app, uploadImportFile, async ({ auth, req }) => {
    if (!req.isMultipart())
      throw new DomainError('FILE_INVALID', {}, 'Send the file as multipart/form-data.');
    const part = await readingForm(() => req.file());
    if (!part) throw new DomainError('FILE_INVALID', {}, 'The file is empty.');
    // The body may still break while the file is written: that is the caller's 400 too.
    const form = watchFormStream(part.file);
    const uploaded = await listImports
      .upload(auth, { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated })
      .catch((err: unknown) => {
        throw form.broken() ? asFormError(err) : err;
      });
    return unwrap(uploaded);
  });
  route(app, importList, async ({ auth, body }) => ({
    list: unwrap(await listImports.startImport(auth, body)),
  }));
  route(app, importDnc, async ({ auth, body }) =>
    unwrap(await listImports.importDnc(auth, body.phones, body.countryCode)),
  );
  route(app, getLists, async ({ auth, body }) => lists.page(auth, body.search ?? '', body.skip));
  route(app, editListName, async ({ auth, body }) => ({
    list: unwrap(await lists.rename(auth, body.listId, body.name)),
  }));
  route(app, moveList, async ({ auth, body }) => {
    unwrap(await lists.move(auth, body.listId, body.newIdx));
    return { ok: true as const };
  });
  route(app, removeList, async ({ auth, body }) => {
    unwrap(await lists.remove(auth, body.listId));
    return { ok: true as const };
  });
  route(app, getListStats, async ({ auth, params }) => unwrap(await lists.stats(auth, params.id)));
  route(app, getListById, async ({ auth, params, query }) =>
    unwrap(await lists.detail(auth, params.listId, params.skip, query.search ?? '', query.type)),
  );
  route(app, countExport, async ({ auth }) => ({ statuses: await lists.countExport(auth) }));
  route(app, exportByStatus, async ({ auth, body }) =>
    unwrap(await lists.exportByStatus(auth, body.condition)),
  );
  route(app, exportAll, async ({ auth, body }) =>
    unwrap(await lists.exportList(auth, 'all', body.listId, body.skip)),
  );
  route(app, exportDnc, async ({ auth, body }) =>
    unwrap(await lists.exportList(auth, 'dnc', body.listId, body.skip)),
  );
  route(app, exportLandline, async ({ auth, body }) =>
    unwrap(await lists.exportList(auth, 'landline', body.listId, body.skip)),
  );
}
