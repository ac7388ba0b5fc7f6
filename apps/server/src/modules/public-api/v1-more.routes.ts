import multipart from '@fastify/multipart';
import {
  API_PAGE_DEFAULT,
  v1CompleteTask,
  v1CreateCompany,
  v1CreateProperty,
  v1CreateTask,
  v1GetCompany,
  v1GetImport,
  v1GetProperty,
  v1ImportForm,
  v1ImportList,
  v1ListCampaigns,
  v1ListCompanies,
  v1ListProperties,
  v1ListStatuses,
  v1ListTasks,
  v1PauseCampaign,
  v1Search,
  v1SetContactStatus,
  v1StartCampaign,
  v1UpdateCompany,
  v1UpdateProperty,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { asFormError, readingForm } from '../../lib/multipart-form.js';
import { toV1Campaign } from './v1.mappers.js';
import { v1Route } from './v1-route.js';

/** As the app's own uploads (the lists module's import). */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Campaigns come a page of the Campaigns page at a time; the cursor is where the next page starts. */
const CAMPAIGN_CURSOR = /^\d{1,9}$/;

/**
 * The v1 calls on properties, companies, search, statuses, tasks, campaigns and CSV imports (issue 33):
 * each through the owning module's service, with the app's rules and errors.
 */
export async function v1MoreRoutes(app: FastifyInstance) {
  const { v1, campaigns } = app.services;

  for (const [type, list, create, get, update] of [
    ['property', v1ListProperties, v1CreateProperty, v1GetProperty, v1UpdateProperty],
    ['company', v1ListCompanies, v1CreateCompany, v1GetCompany, v1UpdateCompany],
  ] as const) {
    v1Route(app, list, async ({ caller, query }) =>
      unwrap(await v1.pageRecords(caller.teamId, type, query.cursor, query.limit ?? API_PAGE_DEFAULT)),
    );
    v1Route(app, create, async ({ caller, body }) => {
      const made = unwrap(await v1.createRecord(caller.teamId, type, body));
      return { [type]: made.record, created: made.created } as never;
    });
    v1Route(app, get, async ({ caller, params }) => unwrap(await v1.record(caller.teamId, type, params.id)));
    v1Route(app, update, async ({ caller, params, body }) =>
      unwrap(await v1.updateRecord(caller.teamId, type, params.id, body.fields)),
    );
  }

  v1Route(app, v1Search, async ({ caller, query }) => v1.search(caller.teamId, query.q, query.type));
  v1Route(app, v1ListStatuses, async ({ caller }) => v1.statuses(caller.teamId));
  v1Route(app, v1SetContactStatus, async ({ caller, params, body }) =>
    unwrap(await v1.setStatus(caller.teamId, params.id, body.statusId)),
  );
  v1Route(app, v1ListTasks, async ({ caller, query }) =>
    unwrap(await v1.pageTasks(caller.teamId, { ...query, limit: query.limit ?? API_PAGE_DEFAULT })),
  );
  v1Route(app, v1CreateTask, async ({ caller, body }) => unwrap(await v1.createTask(caller.teamId, body)));
  v1Route(app, v1CompleteTask, async ({ caller, params }) =>
    unwrap(await v1.completeTask(caller.teamId, params.id)),
  );

  // Through the campaigns service, as the Campaigns page: the key's `campaigns` scope is the
  // member's Campaigns permission; an unknown campaign is the app's CAMPAIGN_NOT_FOUND.
  v1Route(app, v1ListCampaigns, async ({ caller, query }) => {
    if (query.cursor !== undefined && !CAMPAIGN_CURSOR.test(query.cursor))
      throw new DomainError('CURSOR_INVALID');
    const skip = Number(query.cursor ?? 0);
    const page = await campaigns.pageForTeam(caller.teamId, { search: '', skip });
    const next = skip + page.campaigns.length;
    return { data: page.campaigns.map(toV1Campaign), nextCursor: next < page.total ? String(next) : null };
  });
  for (const [endpoint, paused] of [
    [v1StartCampaign, false],
    [v1PauseCampaign, true],
  ] as const)
    v1Route(app, endpoint, async ({ caller, params }) =>
      toV1Campaign(unwrap(await campaigns.setPausedForTeam(caller.teamId, params.id, paused))),
    );

  v1Route(app, v1GetImport, async ({ caller, params }) =>
    unwrap(await v1.importStatus(caller.teamId, params.id)),
  );
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    v1Route(scope, v1ImportList, async ({ caller, req }) => {
      if (!req.isMultipart()) throw new DomainError('API_NO_FILE');
      const fields: Record<string, string> = {};
      let stored: Awaited<ReturnType<typeof v1.storeImport>> | null = null;
      const parts = req.parts();
      for (;;) {
        const next = await readingForm(() => parts.next());
        if (next.done) break;
        const part = next.value;
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else if (part.fieldname !== 'file' || stored) part.file.resume();
        else
          stored = await v1
            .storeImport(caller.teamId, caller.createdBy, {
              fileName: part.filename,
              stream: part.file,
              truncated: () => part.file.truncated,
            })
            .catch((err: unknown) => {
              throw asFormError(err);
            });
      }
      if (!stored) throw new DomainError('API_NO_FILE');
      const form = v1ImportForm.safeParse(fields);
      if (!form.success) {
        const issue = form.error.issues[0]!;
        throw new DomainError('VALIDATION', {}, `${issue.path.join('.')}: ${issue.message}`);
      }
      return unwrap(await v1.queueImport(caller.teamId, caller.createdBy, unwrap(stored), form.data));
    });
  });
}
