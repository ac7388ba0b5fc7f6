import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  can,
  csvFileName,
  csvLine,
  describePhoneEvent,
  EXPORT_CHUNK_SIZE,
  LIST_DETAIL_PAGE_SIZE,
  LISTS_PAGE_SIZE,
  type ListDto,
  type PhoneEventDto,
} from '@prospector/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { PlansService } from '../billing/index.js';
import { seesAllData, type RecordsService } from '../records/index.js';
import type { ListsErrorCode } from './lists.errors.js';
import {
  COMPANY_EXPORT_HEADER,
  EXPORT_HEADER,
  PROPERTY_EXPORT_HEADER,
  exportLine,
  recordExportLine,
  toListDto,
  toListProperty,
  toListRecord,
} from './lists.mappers.js';
import * as q from './lists.queries.js';

export { toListDto } from './lists.mappers.js';

export type ListsService = ReturnType<typeof createListsService>;

/**
 * A landline: as the skip-trace provider said when it found the phone; otherwise as libphonenumber
 * classes the number (which cannot tell most North American numbers apart: FIXED_LINE_OR_MOBILE).
 */
const isLandline = (p: { value: string; lineType: string | null }) =>
  p.lineType ? p.lineType === 'landline' : parsePhoneNumberFromString(p.value)?.getType() === 'FIXED_LINE';

/** The team's lists: cards, renames, order, removal, their statistics and CSV exports. */
export function createListsService(deps: {
  db: Db;
  /** Where a removed list's upload is deleted from. */
  dataDir: string;
  records: RecordsService;
  /** DNC export is part of some plans only. */
  plans: Pick<PlansService, 'requireDnc'>;
  /** Each phone's history, exported with its DNC phones (issue 32, item 4). */
  phoneHistories: (teamId: string, values: string[]) => Promise<Map<string, PhoneEventDto[]>>;
}) {
  const { db, records } = deps;
  const viewer = (auth: AuthContext) => (seesAllData(auth) ? null : auth.userId);
  const mayImport = (auth: AuthContext) => can(auth.user, 'import');

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
      ).map((c) => [c.listId, c]),
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

    async detail(
      auth: AuthContext,
      listId: string,
      skip: number,
      search: string,
      type: 'property' | 'contact' | 'company' = 'property',
    ) {
      const list = await q.findList(db, auth.teamId, listId);
      if (!list) return fail('LIST_NOT_FOUND' as const);
      const v = viewer(auth);
      const page = { listId, search: search.trim(), skip, limit: LIST_DETAIL_PAGE_SIZE, viewerId: v };
      const [{ rows, total: propertyTotal }, { agg, uses }, others] = await Promise.all([
        type === 'property' ? q.listProperties(db, page) : { rows: [], total: 0 },
        q.propertyStats(db, listId, v),
        type === 'property' ? null : q.listRecords(db, { ...page, type }),
      ]);
      const total = others ? others.total : propertyTotal;
      const top = uses.slice(0, 6);
      const other = uses.slice(6).reduce((n, u) => n + u.n, 0);
      const labels = [...top.map((u) => u.label), ...(other ? ['Other'] : [])];
      const properties = rows.map(toListProperty);
      return ok({
        list: await toVisibleDto(auth, list),
        total,
        properties,
        ...(others ? { records: others.rows.map(toListRecord) } : {}),
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

    /**
     * The export line of each of these records, for a bulk export job's chunk (ADR 037): a contact's
     * is the Export screen's (its usable phones), a property's or company's its own fields
     * (`recordExportLine`). Run in the job's transaction, so the lines commit with its progress.
     */
    async exportLinesOf(tx: Db, teamId: string, ids: string[], viewerId: string | null) {
      const contacts = await q.exportRowsByIds(tx, teamId, ids, viewerId);
      const others = await q.exportRecordRowsByIds(tx, teamId, ids, viewerId);
      return [
        ...contacts.map((r) => ({
          id: r.id,
          line: exportLine(
            r,
            r.phones.filter((p) => p.status === '').map((p) => p.value),
          ),
        })),
        ...others.map((r) => ({ id: r.id, line: recordExportLine(r) })),
      ];
    },

    /** The header of an export's lines of one kind of record. */
    exportHeader: (type: string) =>
      csvLine(
        type === 'property'
          ? PROPERTY_EXPORT_HEADER
          : type === 'company'
            ? COMPANY_EXPORT_HEADER
            : EXPORT_HEADER,
      ),

    /** One chunk (10,000 contacts) of a list's export: all usable phones, DNC phones, or landlines. */
    async exportList(auth: AuthContext, kind: 'all' | 'dnc' | 'landline', listId: string, skip: number) {
      const list = await q.findList(db, auth.teamId, listId);
      if (!list) return fail('LIST_NOT_FOUND' as const);
      if (kind === 'dnc') {
        const inPlan = await deps.plans.requireDnc(auth.teamId);
        if (!inPlan.ok) return fail(inPlan.code, inPlan.message);
      }
      const rows = await q.exportListChunk(db, {
        listId,
        skip,
        limit: EXPORT_CHUNK_SIZE + 1,
        viewerId: viewer(auth),
        onlyDnc: kind === 'dnc',
      });
      const hasMore = rows.length > EXPORT_CHUNK_SIZE;
      const lines: string[] = [];
      const histories =
        kind === 'dnc'
          ? await deps.phoneHistories(
              auth.teamId,
              rows.flatMap((r) => r.phones.filter((p) => p.status === 'DNC').map((p) => p.value)),
            )
          : null;
      for (const r of rows.slice(0, EXPORT_CHUNK_SIZE)) {
        const phones = r.phones
          .filter((p) =>
            kind === 'dnc'
              ? p.status === 'DNC'
              : kind === 'landline'
                ? p.status === '' && isLandline(p)
                : p.status === '',
          )
          .map((p) => p.value);
        if (kind !== 'all' && phones.length === 0) continue;
        lines.push(
          histories
            ? `${exportLine(r, phones)},${csvLine([dncHistoryCell(phones, histories)])}`
            : exportLine(r, phones),
        );
      }
      const label = { all: 'all', dnc: 'DNC', landline: 'landlines' }[kind];
      return ok({
        fileName: csvFileName(`${list.name} - ${label}`),
        csv:
          [csvLine(histories ? [...EXPORT_HEADER, DNC_HISTORY_HEADER] : EXPORT_HEADER), ...lines].join(
            '\r\n',
          ) + '\r\n',
        rows: lines.length,
        hasMore,
      });
    },
  };
}

const DNC_HISTORY_HEADER = 'Phone history';

/** Each exported DNC phone's history in one cell: "+1…: 2026-11-28 14:03 UTC Added from …; … | +1…: …". */
function dncHistoryCell(phones: string[], histories: Map<string, PhoneEventDto[]>): string {
  return phones
    .map((value) => {
      const events = histories.get(value) ?? [];
      const lines = events.map((e) => `${e.at.slice(0, 16).replace('T', ' ')} UTC ${describePhoneEvent(e)}`);
      return `${value}: ${lines.join('; ')}`;
    })
    .join(' | ');
}
