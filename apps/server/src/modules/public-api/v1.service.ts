import {
  autoMapColumns,
  importTargets,
  importValue,
  v1ImportMapping,
  type FieldMapping,
  type V1Contact,
  type V1Import,
} from '@prospector/core';
import { z } from 'zod';
import type { Importer, ListImportsService, ListRecordsService, UploadedFile } from '../lists/index.js';
import type { TeamRecordsService } from '../records/index.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { PublicApiErrorCode } from './public-api.errors.js';
import { toV1Contact, toV1Import } from './v1.mappers.js';
import { pageAfter } from './v1-page.js';

const iso = (d: Date | string) => new Date(d).toISOString();

type R<T> = Promise<Result<T, PublicApiErrorCode>>;
type ContactInput = {
  listId: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phones: string[];
  emails: string[];
  countryCode: string;
};
type ImportForm = { name: string; countryCode: string; mapping?: string | undefined };

export type V1ContactsService = ReturnType<typeof createV1Service>;

const mappingJson = z.array(v1ImportMapping).max(500);

/**
 * The public API v1's contacts, threads, lists and imports, for one team (the key's). It reads and
 * writes nothing itself: records through the records module, lists and imports through the lists
 * module (issue 34 item 1), each call scoped to the team.
 */
export function createV1Service(deps: {
  teamRecords: TeamRecordsService;
  listRecords: ListRecordsService;
  listImports: ListImportsService;
}) {
  const { teamRecords, listRecords, listImports } = deps;

  async function contact(teamId: string, id: string): R<V1Contact> {
    const row = await teamRecords.find(teamId, 'contact', id);
    return row ? ok(toV1Contact(row)) : fail('API_CONTACT_NOT_FOUND');
  }

  /** The columns' mapping: the caller's, else the team's last one of this layout, else by header. */
  async function mappingOf(
    importer: Importer,
    given: string | undefined,
    columns: string[],
    remembered: FieldMapping[] | null,
  ): Promise<FieldMapping[] | null> {
    if (given !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(given);
      } catch {
        return null;
      }
      const read = mappingJson.safeParse(parsed);
      return read.success ? read.data : null;
    }
    if (remembered?.length) return remembered;
    const targets = importTargets(await importer.customFields());
    return autoMapColumns(columns, targets).flatMap((t, i) =>
      t ? [{ name: columns[i]!, type: t.type, matchesTo: t.matchesTo }] : [],
    );
  }

  const importerOf = (teamId: string, createdBy: string | null): Importer => ({
    teamId,
    userId: createdBy,
    customFields: () => teamRecords.customFields(teamId),
  });

  async function importStatus(teamId: string, id: string): R<V1Import> {
    const row = await listRecords.importOf(teamId, id);
    return row ? ok(toV1Import(row)) : fail('API_IMPORT_NOT_FOUND');
  }

  return {
    contact,
    importStatus,

    pageContacts: (teamId: string, cursor: string | undefined, limit: number) =>
      pageAfter(cursor, limit, (after, n) => teamRecords.page(teamId, 'contact', after, n), toV1Contact),

    /**
     * One contact through the import's stacker, as a one-row import into the list (lists module): a
     * phone or e-mail the team has adds to that contact and fills only its empty fields.
     */
    async createContact(teamId: string, input: ContactInput): R<{ contact: V1Contact; created: boolean }> {
      const fields: Record<string, string> = {};
      if (input.firstName) fields['First name'] = input.firstName;
      if (input.lastName) fields['Last name'] = input.lastName;
      const stacked = await listRecords.stackRecord(teamId, input.listId, {
        type: 'contact',
        fields,
        phones: input.phones,
        emails: input.emails,
        countryCode: input.countryCode,
      });
      if (!stacked.ok) return fail(stacked.code === 'NO_KEY' ? 'API_NO_IDENTIFIER' : 'API_LIST_NOT_FOUND');
      const found = await contact(teamId, stacked.value.id);
      return found.ok ? ok({ contact: found.value, created: stacked.value.created }) : found;
    },

    async updateContact(teamId: string, id: string, input: { firstName?: string; lastName?: string }) {
      const patch: Record<string, string> = {};
      if (input.firstName !== undefined) patch['First name'] = importValue('First name', input.firstName);
      if (input.lastName !== undefined) patch['Last name'] = importValue('Last name', input.lastName);
      const done = await teamRecords.updateFields(teamId, 'contact', id, patch);
      return done ? contact(teamId, id) : fail('API_CONTACT_NOT_FOUND');
    },

    async thread(teamId: string, id: string) {
      if (!(await teamRecords.find(teamId, 'contact', id))) return fail('API_CONTACT_NOT_FOUND');
      const texts = await teamRecords.texts(teamId, id);
      if (!texts.ok) return fail('API_CONTACT_NOT_FOUND');
      return ok({
        data: texts.value.map((r) => ({
          id: r.id,
          direction: r.direction,
          body: r.body,
          phone: r.phone,
          status: r.status,
          createdAt: iso(r.createdAt),
        })),
      });
    },

    async createList(teamId: string, name: string, createdBy: string | null) {
      const row = await listRecords.createList(teamId, name, createdBy);
      return ok({ id: row.id, name: row.name, createdAt: iso(row.createdAt) });
    },

    async addToList(teamId: string, listId: string, contactIds: string[]): R<{ added: number }> {
      const added = await listRecords.addRecords(teamId, listId, 'contact', contactIds);
      // Every id must be the team's: another team's id answers 404, as if it did not exist.
      if (!added.ok)
        return fail(added.code === 'LIST_NOT_FOUND' ? 'API_LIST_NOT_FOUND' : 'API_CONTACT_NOT_FOUND');
      return added;
    },

    /**
     * A spreadsheet into a new list through the app's import (lists module), in its two steps: the file
     * stored and surveyed as an upload, then mapped and queued for the import worker; the answer comes
     * before the rows are read.
     */
    storeImport: (teamId: string, createdBy: string | null, file: UploadedFile) =>
      listImports.storeUpload(importerOf(teamId, createdBy), file),

    async queueImport(
      teamId: string,
      createdBy: string | null,
      uploaded: { fileId: string; columns: string[]; lastMapping: FieldMapping[] | null },
      form: ImportForm,
    ) {
      const importer = importerOf(teamId, createdBy);
      const fields = await mappingOf(importer, form.mapping, uploaded.columns, uploaded.lastMapping);
      if (!fields) return fail('API_MAPPING_INVALID' as const);
      const list = await listImports.queueImport(importer, {
        name: form.name,
        countryCode: form.countryCode,
        fileId: uploaded.fileId,
        fields,
      });
      return list.ok ? importStatus(teamId, list.value._id) : list;
    },
  };
}
