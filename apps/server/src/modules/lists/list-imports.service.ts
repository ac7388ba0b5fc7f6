import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  applySavedMapping,
  can,
  emptyImportResult,
  importTargets,
  isValidCountryCode,
  normalizeImportPhone,
  rowLimitMessage,
  toSavedMapping,
  type CustomFieldsByEntity,
  type FieldType,
  type FieldMapping,
  type ListDto,
  uploadCutoff,
  uploadQuotaMessage,
  serverMessages,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import { columnNames, sniffSheet, SheetError, surveySheet } from './engine/sheet-reader.js';
import type { XlsxReader } from './engine/xlsx-reader.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { PlansService } from '../billing/index.js';
import type { RecordsService } from '../records/index.js';
import type { ListsErrorCode } from './lists.errors.js';
import { toListDto } from './lists.mappers.js';
import * as q from './lists.queries.js';
import { layoutKey, writeWithin } from './upload-file.js';

export type ListImportsService = ReturnType<typeof createListImportsService>;

type CustomFields = Record<keyof CustomFieldsByEntity, { _id: string; name: string; type: FieldType }[]>;

/** Who imports: a member (their sections' fields: ADR 031), or a team's API key (all its fields). */
export type Importer = {
  teamId: string;
  /** Kept as the upload's and the list's maker; null for none. */
  userId: string | null;
  customFields: () => Promise<CustomFields>;
};
export type UploadedFile = { fileName: string; stream: NodeJS.ReadableStream; truncated: () => boolean };
export type ImportInput = {
  name: string;
  countryCode: string;
  fileId: string;
  fields: FieldMapping[];
  firstRows?: number;
};
type Uploaded = {
  fileId: string;
  fileName: string;
  columns: string[];
  preview: string[][];
  rowCount: number;
  maxRows: number;
  customFields: CustomFieldsByEntity;
  lastMapping: FieldMapping[] | null;
};

/**
 * Bringing records in: a spreadsheet uploaded and surveyed, then imported into a new list by the import
 * worker; and phones added to the team's DNC list.
 */
export function createListImportsService(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  maxRows: number;
  /** How long an unimported upload is kept, and how many bytes of uploads a team may hold. */
  uploads: { ttlHours: number; quotaBytes: number };
  xlsx: XlsxReader;
  records: RecordsService;
  /** Wakes the import worker when a job is queued. */
  onQueued: () => void;
  /** DNC import is part of some plans only. */
  plans: Pick<PlansService, 'requireDnc'>;
}) {
  const { db, clock, records } = deps;
  const uploadDir = path.join(deps.dataDir, 'uploads');
  const mayImport = (auth: AuthContext) => can(auth.user, 'import');

  /** The custom fields the importer sees: a section limited to others is not theirs to fill (ADR 031). */
  async function customFieldsOf(auth: AuthContext): Promise<CustomFields> {
    const [contact, property, company] = await Promise.all([
      records.visibleCustomFields(auth, 'contact'),
      records.visibleCustomFields(auth, 'property'),
      records.visibleCustomFields(auth, 'company'),
    ]);
    return { contact, property, company };
  }

  /** The team's last mapping of this layout, on this file's columns and the team's current fields. */
  async function rememberedMapping(teamId: string, columns: string[], custom: CustomFieldsByEntity) {
    const saved = await q.findImportMapping(db, teamId, layoutKey(columns));
    return saved ? applySavedMapping(columns, saved, importTargets(custom)) : null;
  }

  /**
   * Stores an uploaded spreadsheet, reads it through once (streaming, up to one row past the limit)
   * and answers with its columns, first rows, row count and the team's last mapping of its layout. A
   * file over the row limit is kept: only its first rows may be imported. A refused file is deleted at
   * once: one that is broken, or over the team's upload quota (then nothing is kept of it).
   */
  async function storeUpload(
    importer: Importer,
    file: UploadedFile,
  ): Promise<Result<Uploaded, ListsErrorCode>> {
    await mkdir(uploadDir, { recursive: true });
    const fileId = randomUUID();
    const rel = path.join('uploads', fileId);
    const abs = path.join(deps.dataDir, rel);
    const cutoff = uploadCutoff(clock.now(), deps.uploads.ttlHours);
    const room = deps.uploads.quotaBytes - (await q.uploadBytesInUse(db, importer.teamId, cutoff));
    const refuse = async (code: ListsErrorCode, message?: string) => {
      await rm(abs, { force: true });
      return fail(code, message);
    };
    const overQuota = async () => {
      const used = await q.uploadBytesInUse(db, importer.teamId, cutoff);
      return refuse('UPLOAD_QUOTA', uploadQuotaMessage(used, deps.uploads.quotaBytes, deps.uploads.ttlHours));
    };
    const written = await writeWithin(file.stream, abs, room);
    if (file.truncated()) return refuse('FILE_TOO_LARGE');
    if (written.over) return overQuota();
    if (written.bytes === 0) return refuse('FILE_INVALID', serverMessages.lists.fileEmpty);
    try {
      const kind = await sniffSheet(abs, file.fileName);
      const { header, preview, rowCount } = await surveySheet(abs, kind, deps.xlsx, deps.maxRows);
      if (!header) return refuse('FILE_INVALID', serverMessages.lists.fileEmpty);
      if (rowCount === 0) return refuse('FILE_INVALID', serverMessages.lists.fileNoRows);
      const columns = columnNames(header);
      const stored = await q.insertUploadWithinQuota(
        db,
        {
          id: fileId,
          teamId: importer.teamId,
          userId: importer.userId,
          fileName: file.fileName.slice(0, 300),
          kind,
          path: rel,
          columns,
          rowCount,
          sizeBytes: written.bytes,
          createdAt: clock.now(),
        },
        { bytes: deps.uploads.quotaBytes, cutoff },
      );
      if (!stored.stored) return overQuota();
      const customFields = await importer.customFields();
      return ok({
        fileId,
        fileName: file.fileName,
        columns,
        preview,
        rowCount,
        maxRows: deps.maxRows,
        customFields,
        lastMapping: await rememberedMapping(importer.teamId, columns, customFields),
      });
    } catch (err) {
      if (err instanceof SheetError) return refuse('FILE_INVALID', err.message);
      await rm(abs, { force: true });
      throw err;
    }
  }

  /**
   * Checks the import's inputs in the spec's order, then creates the list and queues its job, and
   * remembers the mapping for the next file of this layout. A file over the row limit is imported only
   * when the caller asks for its first rows (`firstRows`, at most the limit).
   */
  async function queueImport(
    importer: Importer,
    input: ImportInput,
  ): Promise<Result<ListDto, ListsErrorCode>> {
    const name = input.name.trim();
    if (!name) return fail('LIST_NAME_REQUIRED');
    if (!isValidCountryCode(input.countryCode)) return fail('COUNTRY_CODE_INVALID');
    const cutoff = uploadCutoff(clock.now(), deps.uploads.ttlHours);
    const upload = await q.findUpload(db, importer.teamId, input.fileId, cutoff);
    if (!upload) return fail('UPLOAD_NOT_FOUND');
    if (upload.importedAt) return fail('UPLOAD_IMPORTED');
    const { firstRows } = input;
    const overLimit = firstRows === undefined ? upload.rowCount > deps.maxRows : firstRows > deps.maxRows;
    if (overLimit) return fail('ROW_LIMIT', rowLimitMessage(deps.maxRows));
    if (input.fields.length === 0) return fail('NOTHING_MAPPED');
    const custom = await importer.customFields();
    const targets = importTargets(custom);
    for (const f of input.fields) {
      if (!upload.columns.includes(f.name))
        return fail('MAPPING_INVALID', serverMessages.lists.unknownColumn.replace('{column}', f.name));
      if (!targets.some((t) => t.type === f.type && t.matchesTo === f.matchesTo))
        return fail('MAPPING_INVALID', serverMessages.lists.unknownTarget.replace('{column}', f.name));
    }
    const now = clock.now();
    const created = await q.insertListWithJob(
      db,
      {
        teamId: importer.teamId,
        name,
        state: 'importing',
        createdBy: importer.userId,
        totalRows: Math.min(upload.rowCount, firstRows ?? upload.rowCount),
        result: {
          ...emptyImportResult(),
          firstRowsOnly: firstRows !== undefined && upload.rowCount > firstRows ? firstRows : null,
        },
        createdAt: now,
      },
      {
        teamId: importer.teamId,
        uploadId: upload.id,
        // A Number field's cells are read as numbers by the worker (issue 30).
        fields: input.fields.map((f) =>
          custom[f.type].some((c) => c._id === f.matchesTo && c.type === 'Number')
            ? { ...f, number: true }
            : f,
        ),
        countryCode: input.countryCode.trim(),
        rowLimit: firstRows ?? null,
        state: 'queued',
        createdAt: now,
      },
    );
    if (!created.ok) return fail(created.reason === 'imported' ? 'UPLOAD_IMPORTED' : 'UPLOAD_NOT_FOUND');
    deps.onQueued();
    await q.saveImportMapping(db, {
      teamId: importer.teamId,
      headerKey: layoutKey(upload.columns),
      fields: toSavedMapping(input.fields),
      updatedAt: now,
    });
    return ok(toListDto(created.row));
  }

  const memberImporter = (auth: AuthContext): Importer => ({
    teamId: auth.teamId,
    userId: auth.userId,
    customFields: () => customFieldsOf(auth),
  });

  return {
    /** Stores a member's uploaded spreadsheet, if they may import (see `storeUpload`). */
    async upload(
      auth: AuthContext,
      file: UploadedFile,
    ): Promise<Result<Uploaded, ListsErrorCode | 'PERMISSION_REQUIRED'>> {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      return storeUpload(memberImporter(auth), file);
    },

    /** Starts a member's import of their upload (see `queueImport`). */
    async startImport(
      auth: AuthContext,
      input: ImportInput,
    ): Promise<Result<ListDto, ListsErrorCode | 'PERMISSION_REQUIRED'>> {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      return queueImport(memberImporter(auth), input);
    },

    /** The same two steps for a caller that is a team, not a member (an API key: ADR 043). */
    storeUpload,
    queueImport,
    rememberedMapping,

    async importDnc(auth: AuthContext, phones: string[], countryCode = '+1') {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED' as const);
      const inPlan = await deps.plans.requireDnc(auth.teamId);
      if (!inPlan.ok) return fail(inPlan.code, inPlan.message);
      if (!isValidCountryCode(countryCode)) return fail('COUNTRY_CODE_INVALID' as const);
      const valid = new Set<string>();
      let invalid = 0;
      for (const raw of phones) {
        if (!raw.trim()) continue;
        const phone = normalizeImportPhone(raw, countryCode);
        if (phone) valid.add(phone);
        else invalid += 1;
      }
      const { added, marked } = valid.size
        ? await q.addDncPhones(db, auth.teamId, [...valid], clock.now(), {
            source: 'dnc-list',
            userId: auth.userId,
            userName: auth.user.name,
          })
        : { added: 0, marked: 0 };
      return ok({ read: valid.size, added, invalid, identifiersMarked: marked });
    },
  };
}
