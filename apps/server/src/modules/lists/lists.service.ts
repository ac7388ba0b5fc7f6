import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  can,
  csvFileName,
  csvLine,
  EXPORT_CHUNK_SIZE,
  importProgress,
  importTargets,
  IMPORT_PREVIEW_ROWS,
  isValidCountryCode,
  LIST_DETAIL_PAGE_SIZE,
  LISTS_PAGE_SIZE,
  messages,
  normalizeImportPhone,
  rowLimitMessage,
  type FieldMapping,
  type ListDto,
  type ListProperty,
} from '@prospector/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../db/client.js';
import { emptyResult } from '../../engines/import/prepare-row.js';
import { columnNames, readSheet, sniffSheet, SheetError } from '../../engines/import/sheet-reader.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../auth/index.js';
import { seesAllData, type RecordsService } from '../records/index.js';
import type { ListsErrorCode } from './lists.errors.js';
import * as q from './lists.queries.js';

export type ListsService = ReturnType<typeof createListsService>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function toListDto(row: q.ListRow): ListDto {
  return {
    _id: row.id,
    name: row.name,
    imported: row.state === 'imported',
    state: row.state,
    error: row.error,
    itemCount: row.itemCount,
    propCount: row.propCount,
    compCount: row.compCount,
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    progress: row.state === 'imported' ? 100 : importProgress(row.rowsDone, row.totalRows),
    createdAt: row.createdAt.toISOString(),
    hits: row.hits,
    landlines: row.landlines,
    dnc: row.dnc,
    cost: row.cost,
    result: row.result,
  };
}

const EXPORT_HEADER = [
  'First name',
  'Last name',
  'Phone 1',
  'Phone 2',
  'Phone 3',
  'Email',
  'Status',
  'Address',
  'City',
  'State',
  'Zip',
];

function exportLine(r: q.ExportRow, phones: string[]): string {
  const p = r.property ?? {};
  const address = str(r.data['Address']) || str(p['Street1']) || str(p['Address']);
  const pick = (k: string) => str(r.data[k]) || str(p[k]);
  return csvLine([
    str(r.data['First name']),
    str(r.data['Last name']),
    phones[0],
    phones[1],
    phones[2],
    r.emails[0],
    r.status,
    address,
    pick('City'),
    pick('State'),
    pick('Zip'),
  ]);
}

const isLandline = (e164: string) => parsePhoneNumberFromString(e164)?.getType() === 'FIXED_LINE';

export function createListsService(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  maxRows: number;
  records: RecordsService;
  /** Wakes the import worker when a job is queued. */
  onQueued: () => void;
}) {
  const { db, clock, records } = deps;
  const uploadDir = path.join(deps.dataDir, 'uploads');
  const viewer = (auth: AuthContext) => (seesAllData(auth) ? null : auth.userId);
  const mayImport = (auth: AuthContext) => can(auth.user, 'import');

  async function targetsFor(teamId: string) {
    const [contact, property, company] = await Promise.all([
      records.customFields(teamId, 'contact'),
      records.customFields(teamId, 'property'),
      records.customFields(teamId, 'company'),
    ]);
    return importTargets({ contact, property, company });
  }

  return {
    uploadDir,

    /**
     * Stores an uploaded spreadsheet, reads it through once (streaming) and answers with its columns,
     * first rows and row count. A broken file is deleted and refused with what is wrong with it.
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
        },
        ListsErrorCode | 'PERMISSION_REQUIRED'
      >
    > {
      if (!mayImport(auth)) return fail('PERMISSION_REQUIRED');
      await mkdir(uploadDir, { recursive: true });
      const fileId = randomUUID();
      const rel = path.join('uploads', fileId);
      const abs = path.join(deps.dataDir, rel);
      await pipeline(file.stream, createWriteStream(abs));
      const refuse = async (code: ListsErrorCode, message?: string) => {
        await rm(abs, { force: true });
        return fail(code, message);
      };
      if (file.truncated()) return refuse('FILE_TOO_LARGE');
      if ((await stat(abs)).size === 0) return refuse('FILE_INVALID', messages.lists.fileEmpty);
      try {
        const kind = await sniffSheet(abs, file.fileName);
        let header: string[] | null = null;
        const preview: string[][] = [];
        let rowCount = 0;
        for await (const row of readSheet(abs, kind)) {
          if (!header) {
            header = row;
            continue;
          }
          rowCount += 1;
          if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(row.slice(0, header.length));
        }
        if (!header) return refuse('FILE_INVALID', messages.lists.fileEmpty);
        if (rowCount === 0) return refuse('FILE_INVALID', messages.lists.fileNoRows);
        const columns = columnNames(header);
        await q.insertUpload(db, {
          id: fileId,
          teamId: auth.teamId,
          userId: auth.userId,
          fileName: file.fileName.slice(0, 300),
          kind,
          path: rel,
          columns,
          rowCount,
          createdAt: clock.now(),
        });
        return ok({ fileId, fileName: file.fileName, columns, preview, rowCount, maxRows: deps.maxRows });
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
      const upload = await q.findUpload(db, auth.teamId, input.fileId);
      if (!upload) return fail('UPLOAD_NOT_FOUND');
      if (upload.rowCount > deps.maxRows) return fail('ROW_LIMIT', rowLimitMessage(deps.maxRows));
      if (input.fields.length === 0) return fail('NOTHING_MAPPED');
      const targets = await targetsFor(auth.teamId);
      for (const f of input.fields) {
        if (!upload.columns.includes(f.name))
          return fail('MAPPING_INVALID', messages.lists.unknownColumn.replace('{column}', f.name));
        if (!targets.some((t) => t.type === f.type && t.matchesTo === f.matchesTo))
          return fail('MAPPING_INVALID', messages.lists.unknownTarget.replace('{column}', f.name));
      }
      const now = clock.now();
      const row = await q.insertListWithJob(
        db,
        {
          teamId: auth.teamId,
          name,
          state: 'importing',
          createdBy: auth.userId,
          totalRows: upload.rowCount,
          result: emptyResult(),
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
      deps.onQueued();
      return ok(toListDto(row));
    },

    async page(auth: AuthContext, search: string, skip: number) {
      const rows = await q.pageLists(db, auth.teamId, search.trim(), skip, LISTS_PAGE_SIZE + 1);
      return { lists: rows.slice(0, LISTS_PAGE_SIZE).map(toListDto), hasMore: rows.length > LISTS_PAGE_SIZE };
    },

    async rename(auth: AuthContext, listId: string, name: string): Promise<Result<ListDto, ListsErrorCode>> {
      if (!name.trim()) return fail('LIST_NAME_REQUIRED');
      const row = await q.renameList(db, auth.teamId, listId, name.trim());
      return row ? ok(toListDto(row)) : fail('LIST_NOT_FOUND');
    },

    async move(auth: AuthContext, listId: string, index: number): Promise<Result<true, ListsErrorCode>> {
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
      const properties: ListProperty[] = rows.map((r) => {
        const d = r.data;
        return {
          _id: r.id,
          title: str(d['Street1']) || str(d['Address']) || str(d['Full']) || 'Unnamed property',
          Street1: str(d['Street1']) || str(d['Address']),
          Street2: str(d['Street2']),
          City: str(d['City']),
          State: str(d['State']),
          Zip: str(d['Zip']),
          'Use Description': str(d['Use Description']),
          'Lot Size': str(d['Lot Size']),
          'Year Built': str(d['Year Built']),
          Bedrooms: str(d['Bedrooms']),
          Bathrooms: str(d['Bathrooms']),
          'Full Baths': str(d['Full Baths']),
          'Garage Capacity': str(d['Garage Capacity']),
          Pool: str(d['Pool']),
          Owner: str(d['Owner']),
          verifiedOwner: r.verified,
          phones: r.phones,
        };
      });
      return ok({
        list: toListDto(list),
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
