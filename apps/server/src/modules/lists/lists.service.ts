import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  can,
  csvFileName,
  csvLine,
  emptyImportResult,
  EXPORT_CHUNK_SIZE,
  importTargets,
  isValidCountryCode,
  LIST_DETAIL_PAGE_SIZE,
  LISTS_PAGE_SIZE,
  messages,
  normalizeImportPhone,
  rowLimitMessage,
  type CustomFieldsByEntity,
  type FieldMapping,
  type ListDto,
  uploadCutoff,
  uploadQuotaMessage,
} from '@prospector/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../db/client.js';
import { columnNames, sniffSheet, SheetError, surveySheet } from '../../engines/import/sheet-reader.js';
import type { XlsxReader } from '../../engines/import/xlsx-reader.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { seesAllData, type RecordsService } from '../records/index.js';
import type { ListsErrorCode } from './lists.errors.js';
import { EXPORT_HEADER, exportLine, toListDto, toListProperty } from './lists.mappers.js';
import * as q from './lists.queries.js';

export { toListDto } from './lists.mappers.js';

export type ListsService = ReturnType<typeof createListsService>;

/**
 * Writes the upload to `file`, at most `room` bytes of it; past that the rest is read and dropped (the
 * client is still sending it) and `over` says the file did not fit.
 */
async function writeWithin(stream: NodeJS.ReadableStream, file: string, room: number) {
  let bytes = 0;
  let over = false;
  const gate = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      if (bytes > room) over = true;
      cb(null, over ? undefined : chunk);
    },
  });
  try {
    await pipeline(stream, gate, createWriteStream(file));
  } catch (err) {
    // The client went away mid-file: nothing of it is kept.
    await rm(file, { force: true });
    throw err;
  }
  return { bytes, over };
}

const isLandline = (e164: string) => parsePhoneNumberFromString(e164)?.getType() === 'FIXED_LINE';

export function createListsService(deps: {
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
}) {
  const { db, clock, records } = deps;
  const uploadDir = path.join(deps.dataDir, 'uploads');
  const viewer = (auth: AuthContext) => (seesAllData(auth) ? null : auth.userId);
  const mayImport = (auth: AuthContext) => can(auth.user, 'import');

  async function customFieldsOf(teamId: string): Promise<CustomFieldsByEntity> {
    const [contact, property, company] = await Promise.all([
      records.customFields(teamId, 'contact'),
      records.customFields(teamId, 'property'),
      records.customFields(teamId, 'company'),
    ]);
    return { contact, property, company };
  }

  /**
   * List cards as the viewer may see them: a member with 'Only assigned' data access counts only the
   * list's records assigned to them (the list row's counts are the whole team's).
   */
  async function toListDtos(auth: AuthContext, rows: q.ListRow[]): Promise<ListDto[]> {
    const v = viewer(auth);
    const dtos = rows.map(toListDto);
    if (!v) return dtos;
    const counts = new Map(
      (
        await q.assignedCounts(
          db,
          rows.map((r) => r.id),
          v,
        )
      ).map((c) => [c.list_id, c]),
    );
    return dtos.map((dto) => {
      const c = counts.get(dto._id);
      return {
        ...dto,
        itemCount: c?.contacts ?? 0,
        propCount: c?.properties ?? 0,
        compCount: c?.companies ?? 0,
      };
    });
  }
  const toVisibleDto = async (auth: AuthContext, row: q.ListRow) => (await toListDtos(auth, [row]))[0]!;

  return {
    uploadDir,

    /**
     * Stores an uploaded spreadsheet, reads it through once (streaming, up to the row limit) and
     * answers with its columns, first rows and row count. A refused file is deleted at once: one that
     * is broken, over the row limit, or over the team's upload quota (then nothing is kept of it).
     */
    async upload(
      auth: AuthContext,
      file: { fileName: string; stream: NodeJS.ReadableStream; truncated: () => boolean },
    ): Promise<
      Result<
        {
          fileId: string;
          fileName: string;
          columns: string[];
          preview: string[][];
          rowCount: number;
          maxRows: number;
          customFields: CustomFieldsByEntity;
        },
        ListsErrorCode | 'PERMISSION_REQUIRED'
      >
    > {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      await mkdir(uploadDir, { recursive: true });
      const fileId = randomUUID();
      const rel = path.join('uploads', fileId);
      const abs = path.join(deps.dataDir, rel);
      const cutoff = uploadCutoff(clock.now(), deps.uploads.ttlHours);
      const room = deps.uploads.quotaBytes - (await q.uploadBytesInUse(db, auth.teamId, cutoff));
      const refuse = async (code: ListsErrorCode, message?: string) => {
        await rm(abs, { force: true });
        return fail(code, message);
      };
      const overQuota = async () => {
        const used = await q.uploadBytesInUse(db, auth.teamId, cutoff);
        return refuse(
          'UPLOAD_QUOTA',
          uploadQuotaMessage(used, deps.uploads.quotaBytes, deps.uploads.ttlHours),
        );
      };
      const written = await writeWithin(file.stream, abs, room);
      if (file.truncated()) return refuse('FILE_TOO_LARGE');
      if (written.over) return overQuota();
      if (written.bytes === 0) return refuse('FILE_INVALID', messages.lists.fileEmpty);
      try {
        const kind = await sniffSheet(abs, file.fileName);
        const { header, preview, rowCount } = await surveySheet(abs, kind, deps.xlsx, deps.maxRows);
        if (!header) return refuse('FILE_INVALID', messages.lists.fileEmpty);
        if (rowCount === 0) return refuse('FILE_INVALID', messages.lists.fileNoRows);
        if (rowCount > deps.maxRows) return refuse('ROW_LIMIT', rowLimitMessage(deps.maxRows));
        const columns = columnNames(header);
        const stored = await q.insertUploadWithinQuota(
          db,
          {
            id: fileId,
            teamId: auth.teamId,
            userId: auth.userId,
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
        return ok({
          fileId,
          fileName: file.fileName,
          columns,
          preview,
          rowCount,
          maxRows: deps.maxRows,
          customFields: await customFieldsOf(auth.teamId),
        });
      } catch (err) {
        if (err instanceof SheetError) return refuse('FILE_INVALID', err.message);
        await rm(abs, { force: true });
        throw err;
      }
    },

    /** Checks the import's inputs in the spec's order, then creates the list and queues its job. */
    async startImport(
      auth: AuthContext,
      input: { name: string; countryCode: string; fileId: string; fields: FieldMapping[] },
    ): Promise<Result<ListDto, ListsErrorCode | 'PERMISSION_REQUIRED'>> {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      const name = input.name.trim();
      if (!name) return fail('LIST_NAME_REQUIRED');
      if (!isValidCountryCode(input.countryCode)) return fail('COUNTRY_CODE_INVALID');
      const cutoff = uploadCutoff(clock.now(), deps.uploads.ttlHours);
      const upload = await q.findUpload(db, auth.teamId, input.fileId, cutoff);
      if (!upload) return fail('UPLOAD_NOT_FOUND');
      if (upload.importedAt) return fail('UPLOAD_IMPORTED');
      if (upload.rowCount > deps.maxRows) return fail('ROW_LIMIT', rowLimitMessage(deps.maxRows));
      if (input.fields.length === 0) return fail('NOTHING_MAPPED');
      const targets = importTargets(await customFieldsOf(auth.teamId));
      for (const f of input.fields) {
        if (!upload.columns.includes(f.name))
          return fail('MAPPING_INVALID', messages.lists.unknownColumn.replace('{column}', f.name));
        if (!targets.some((t) => t.type === f.type && t.matchesTo === f.matchesTo))
          return fail('MAPPING_INVALID', messages.lists.unknownTarget.replace('{column}', f.name));
      }
      const now = clock.now();
      const created = await q.insertListWithJob(
        db,
        {
          teamId: auth.teamId,
          name,
          state: 'importing',
          createdBy: auth.userId,
          totalRows: upload.rowCount,
          result: emptyImportResult(),
          createdAt: now,
        },
        {
          teamId: auth.teamId,
          uploadId: upload.id,
          fields: input.fields,
          countryCode: input.countryCode.trim(),
          state: 'queued',
          createdAt: now,
        },
      );
      if (!created.ok) return fail(created.reason === 'imported' ? 'UPLOAD_IMPORTED' : 'UPLOAD_NOT_FOUND');
      deps.onQueued();
      return ok(toListDto(created.row));
    },

    async page(auth: AuthContext, search: string, skip: number) {
      const rows = await q.pageLists(db, auth.teamId, search.trim(), skip, LISTS_PAGE_SIZE + 1);
      return {
        lists: await toListDtos(auth, rows.slice(0, LISTS_PAGE_SIZE)),
        hasMore: rows.length > LISTS_PAGE_SIZE,
      };
    },

    async rename(
      auth: AuthContext,
      listId: string,
      name: string,
    ): Promise<Result<ListDto, ListsErrorCode | 'PERMISSION_REQUIRED'>> {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      if (!name.trim()) return fail('LIST_NAME_REQUIRED');
      const row = await q.renameList(db, auth.teamId, listId, name.trim());
      return row ? ok(await toVisibleDto(auth, row)) : fail('LIST_NOT_FOUND');
    },

    /** Deletes a list (not while it imports); its records stay, they may belong to other lists. */
    async remove(
      auth: AuthContext,
      listId: string,
    ): Promise<Result<true, ListsErrorCode | 'PERMISSION_REQUIRED'>> {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      const done = await q.deleteList(db, auth.teamId, listId);
      if (!done.deleted) return fail(done.reason === 'importing' ? 'LIST_IMPORTING' : 'LIST_NOT_FOUND');
      if (done.uploadPath) await rm(path.join(deps.dataDir, done.uploadPath), { force: true });
      return ok(true);
    },

    async move(
      auth: AuthContext,
      listId: string,
      index: number,
    ): Promise<Result<true, ListsErrorCode | 'PERMISSION_REQUIRED'>> {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      return (await q.moveList(db, auth.teamId, listId, index)) ? ok(true) : fail('LIST_NOT_FOUND');
    },

    async stats(auth: AuthContext, listId: string) {
      const list = await q.findList(db, auth.teamId, listId);
      if (!list) return fail('LIST_NOT_FOUND' as const);
      const v = viewer(auth);
      const [{ agg }, comps, statusStats] = await Promise.all([
        q.propertyStats(db, listId, v),
        q.verifiedCompanies(db, listId, v),
        q.listStatusStats(db, listId, auth.teamId, v),
      ]);
      return ok({
        verifiedProps: agg.verified,
        verifiedComps: comps,
        statusStats: statusStats.map((s) => ({ text: s.text, count: s.n })),
      });
    },

    async detail(auth: AuthContext, listId: string, skip: number, search: string) {
      const list = await q.findList(db, auth.teamId, listId);
      if (!list) return fail('LIST_NOT_FOUND' as const);
      const v = viewer(auth);
      const [{ rows, total }, { agg, uses }] = await Promise.all([
        q.listProperties(db, {
          listId,
          search: search.trim(),
          skip,
          limit: LIST_DETAIL_PAGE_SIZE,
          viewerId: v,
        }),
        q.propertyStats(db, listId, v),
      ]);
      const top = uses.slice(0, 6);
      const other = uses.slice(6).reduce((n, u) => n + u.n, 0);
      const labels = [...top.map((u) => u.label), ...(other ? ['Other'] : [])];
      const properties = rows.map(toListProperty);
      return ok({
        list: await toVisibleDto(auth, list),
        total,
        properties,
        stats: {
          propCount: agg.total,
          verifiedOwners: agg.verified,
          phoneCounts: [
            { text: '0', count: agg.p0 },
            { text: '1', count: agg.p1 },
            { text: '2', count: agg.p2 },
            { text: '3+', count: agg.p3 },
          ],
          propStats: {
            labels,
            datasets: [{ label: 'Properties', data: [...top.map((u) => u.n), ...(other ? [other] : [])] }],
          },
        },
      });
    },

    async countExport(auth: AuthContext) {
      const rows = await q.statusCounts(db, auth.teamId, viewer(auth));
      return rows.map((r) => ({ _id: r.id, text: r.text, count: r.n }));
    },

    async exportByStatus(auth: AuthContext, statusId: string) {
      const statuses = await records.teamStatuses(auth.teamId);
      const status = statuses.find((s) => s.id === statusId);
      if (!status) return fail('UNKNOWN_STATUS' as const);
      const rows = await q.exportByStatus(db, auth.teamId, statusId, viewer(auth));
      const lines = rows.map((r) =>
        exportLine(
          r,
          r.phones.filter((p) => p.status === '').map((p) => p.value),
        ),
      );
      return ok({
        fileName: csvFileName(status.text),
        csv: [csvLine(EXPORT_HEADER), ...lines].join('\r\n') + '\r\n',
        rows: rows.length,
      });
    },

    /** One chunk (10,000 contacts) of a list's export: all usable phones, DNC phones, or landlines. */
    async exportList(auth: AuthContext, kind: 'all' | 'dnc' | 'landline', listId: string, skip: number) {
      const list = await q.findList(db, auth.teamId, listId);
      if (!list) return fail('LIST_NOT_FOUND' as const);
      const rows = await q.exportListChunk(db, {
        listId,
        skip,
        limit: EXPORT_CHUNK_SIZE + 1,
        viewerId: viewer(auth),
        onlyDnc: kind === 'dnc',
      });
      const hasMore = rows.length > EXPORT_CHUNK_SIZE;
      const lines: string[] = [];
      for (const r of rows.slice(0, EXPORT_CHUNK_SIZE)) {
        const phones = r.phones
          .filter((p) =>
            kind === 'dnc'
              ? p.status === 'DNC'
              : kind === 'landline'
                ? p.status === '' && isLandline(p.value)
                : p.status === '',
          )
          .map((p) => p.value);
        if (kind !== 'all' && phones.length === 0) continue;
        lines.push(exportLine(r, phones));
      }
      const label = { all: 'all', dnc: 'DNC', landline: 'landlines' }[kind];
      return ok({
        fileName: csvFileName(`${list.name} - ${label}`),
        csv: [csvLine(EXPORT_HEADER), ...lines].join('\r\n') + '\r\n',
        rows: lines.length,
        hasMore,
      });
    },

    async importDnc(auth: AuthContext, phones: string[], countryCode = '+1') {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED' as const);
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
        ? await q.addDncPhones(db, auth.teamId, [...valid], clock.now())
        : { added: 0, marked: 0 };
      return ok({ read: valid.size, added, invalid, identifiersMarked: marked });
    },
  };
}
