import { fitsUploadQuota, type PhoneOrigin } from '@prospector/core';
import { and, asc, desc, eq, gt, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';
import { setPhoneOrigin } from '../../db/phone-origin.js';
import { linkedCompanyFields, type CompanyNameFields } from '../../db/titles.js';
import { dncMarks } from '../records/index.js';
import {
  importJobs,
  importMappings,
  lists,
  uploads,
  type FieldValue,
  type ImportFieldMapping,
} from '../../db/schema/index.js';

export type ListRow = typeof lists.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/**
 * Bytes of a team's uploads that hold disk: those waiting to be imported (not yet expired) and those
 * an import is reading.
 */
export async function uploadBytesInUse(db: Db, teamId: string, cutoff: Date): Promise<number> {
  const [row] = await queryRows<{ bytes: number }>(
    db,
    sql`select coalesce(sum(u.size_bytes), 0)::float8 as bytes from uploads u
        where u.team_id = ${teamId}
          and ((u.imported_at is null and u.created_at > ${cutoff})
            or u.id in (select j.upload_id from import_jobs j
                        where j.team_id = ${teamId} and j.state in ('queued', 'running')))`,
  );
  return row?.bytes ?? 0;
}

/**
 * Stores an upload if it fits the team's quota. The team's uploads are counted and the row inserted
 * under one lock per team, so two uploads at once cannot both fit in the room left for one.
 */
export async function insertUploadWithinQuota(
  db: Db,
  row: typeof uploads.$inferInsert & { sizeBytes: number },
  quota: { bytes: number; cutoff: Date },
): Promise<{ stored: true } | { stored: false; usedBytes: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${row.teamId}`}))`);
    const usedBytes = await uploadBytesInUse(tx, row.teamId, quota.cutoff);
    if (!fitsUploadQuota(usedBytes, row.sizeBytes, quota.bytes)) return { stored: false, usedBytes };
    await tx.insert(uploads).values(row);
    return { stored: true };
  });
}

/** A team's upload that has not expired unimported (an imported one never expires: its list holds it). */
export async function findUpload(db: Db, teamId: string, id: string, cutoff: Date) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.teamId, teamId),
        or(isNotNull(uploads.importedAt), gt(uploads.createdAt, cutoff)),
      ),
    );
  return row ?? null;
}

/** The mapping of the team's last import of this layout of columns, or null. */
export async function findImportMapping(db: Db, teamId: string, headerKey: string) {
  const [row] = await db
    .select({ fields: importMappings.fields })
    .from(importMappings)
    .where(and(eq(importMappings.teamId, teamId), eq(importMappings.headerKey, headerKey)));
  return row?.fields ?? null;
}

/** Remembers a mapping as the team's last one for this layout of columns, replacing the one before. */
export async function saveImportMapping(
  db: Db,
  row: { teamId: string; headerKey: string; fields: ImportFieldMapping[]; updatedAt: Date },
) {
  await db
    .insert(importMappings)
    .values(row)
    .onConflictDoUpdate({
      target: [importMappings.teamId, importMappings.headerKey],
      set: { fields: row.fields, updatedAt: row.updatedAt },
    });
}

export async function findList(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.id, id), eq(lists.teamId, teamId)));
  return row ?? null;
}

/**
 * Claims the upload for this import, then puts the new list first in the team's order and queues its
 * job, all in one transaction: of two imports of one upload, however close, exactly one makes a list.
 * The row lock makes the second wait for the first and then see the upload claimed.
 */
export async function insertListWithJob(
  db: Db,
  list: Omit<typeof lists.$inferInsert, 'position'>,
  job: Omit<typeof importJobs.$inferInsert, 'listId'>,
): Promise<{ ok: true; row: ListRow } | { ok: false; reason: 'missing' | 'imported' }> {
  return db.transaction(async (tx) => {
    const [upload] = await tx
      .select({ importedAt: uploads.importedAt })
      .from(uploads)
      .where(and(eq(uploads.id, job.uploadId), eq(uploads.teamId, job.teamId)))
      .for('update');
    if (!upload) return { ok: false as const, reason: 'missing' as const };
    if (upload.importedAt) return { ok: false as const, reason: 'imported' as const };
    await tx.update(uploads).set({ importedAt: list.createdAt }).where(eq(uploads.id, job.uploadId));
    const [first] = await queryRows<{ p: number | null }>(
      tx,
      sql`select min(position) as p from lists where team_id = ${list.teamId}`,
    );
    const [row] = await tx
      .insert(lists)
      .values({ ...list, position: (first?.p ?? 1) - 1 })
      .returning();
    await tx.insert(importJobs).values({ ...job, listId: row!.id });
    return { ok: true as const, row: row! };
  });
}

export async function pageLists(db: Db, teamId: string, search: string, skip: number, limit: number) {
  const where = search
    ? and(eq(lists.teamId, teamId), ilike(lists.name, `%${search.replace(/[\\%_]/g, '\\$&')}%`))
    : eq(lists.teamId, teamId);
  return db
    .select()
    .from(lists)
    .where(where)
    .orderBy(asc(lists.position), desc(lists.createdAt))
    .limit(limit)
    .offset(skip);
}

export async function renameList(db: Db, teamId: string, id: string, name: string) {
  const [row] = await db
    .update(lists)
    .set({ name })
    .where(and(eq(lists.id, id), eq(lists.teamId, teamId)))
    .returning();
  return row ?? null;
}

/** Puts the list at `index` of the team's order and renumbers every list 0..n-1. */
export async function moveList(db: Db, teamId: string, id: string, index: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lists:${teamId}`}))`);
    const ids = (
      await tx
        .select({ id: lists.id })
        .from(lists)
        .where(eq(lists.teamId, teamId))
        .orderBy(asc(lists.position), desc(lists.createdAt))
    ).map((r) => r.id);
    const from = ids.indexOf(id);
    if (from < 0) return false;
    ids.splice(from, 1);
    ids.splice(Math.min(index, ids.length), 0, id);
    await tx.execute(sql`
      update lists l set position = x.p
      from ${jsonRows(
        'x',
        ids.map((lid, p) => ({ id: lid, p })),
        { id: 'uuid', p: 'int' },
      )}
      where l.id = x.id and l.team_id = ${teamId}`);
    return true;
  });
}

/**
 * Deletes a list unless it is still importing; its list items and import job go with it (cascade),
 * and so does the job's upload once nothing refers to it. The records stay. Answers the deleted
 * upload's path (relative to DATA_DIR) so the caller can remove the file.
 */
export async function deleteList(
  db: Db,
  teamId: string,
  id: string,
): Promise<
  { deleted: true; uploadPath: string | null } | { deleted: false; reason: 'missing' | 'importing' }
> {
  return db.transaction(async (tx) => {
    const [list] = await tx
      .select({ state: lists.state })
      .from(lists)
      .where(and(eq(lists.id, id), eq(lists.teamId, teamId)))
      .for('update');
    if (!list) return { deleted: false, reason: 'missing' };
    if (list.state === 'importing') return { deleted: false, reason: 'importing' };
    const [job] = await tx
      .select({ uploadId: importJobs.uploadId })
      .from(importJobs)
      .where(eq(importJobs.listId, id));
    await tx.delete(lists).where(and(eq(lists.id, id), eq(lists.teamId, teamId)));
    if (!job) return { deleted: true, uploadPath: null };
    const [upload] = await queryRows<{ path: string }>(
      tx,
      sql`delete from uploads u where u.id = ${job.uploadId} and u.team_id = ${teamId}
          and not exists (select 1 from import_jobs j where j.upload_id = u.id) returning u.path`,
    );
    return { deleted: true, uploadPath: upload?.path ?? null };
  });
}

/** Contacts, properties and companies of each list that are assigned to `viewerId`. */
export async function assignedCounts(db: Db, listIds: string[], viewerId: string) {
  if (listIds.length === 0) return [];
  return queryRows<{ listId: string; contacts: number; properties: number; companies: number }>(
    db,
    sql`select li.list_id as "listId",
          count(*) filter (where li.type = 'contact')::int as contacts,
          count(*) filter (where li.type = 'property')::int as properties,
          count(*) filter (where li.type = 'company')::int as companies
        from list_items li join items i on i.id = li.item_id
        where li.list_id in (select jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)
          and ${viewerId}::uuid = any(i.assigned_to)
        group by li.list_id`,
  );
}

/** Only-assigned viewers see a record of a list when it is assigned to them. */
/** Records the viewer may see: not deleted (a bulk delete hides them, ADR 037), and theirs when restricted. */
const visible = (viewerId: string | null) =>
  viewerId ? sql`and not i.hidden and ${viewerId}::uuid = any(i.assigned_to)` : sql`and not i.hidden`;

/** A property whose linked contact with a usable phone is its Owner (or it names none). */
const VERIFIED_OWNER = sql`exists (
    select 1 from item_links l
    join items c on c.id = l.to_id and c.type = 'contact'
    join identifiers idt on idt.item_id = c.id and not idt.is_email and idt.status = ''
    where l.from_id = i.id
      and (coalesce(i.data->>'Owner', '') = ''
        or lower(i.data->>'Owner') = lower(concat_ws(' ', c.data->>'First name', c.data->>'Last name'))
        or lower(i.data->>'Owner') = lower(concat_ws(' ', c.data->>'Last name', c.data->>'First name'))
        or lower(i.data->>'Owner') = lower(concat_ws(', ', c.data->>'Last name', c.data->>'First name')))
  )`;

const PROPERTY_COLUMNS = sql`
  i.id, i.data,
  coalesce((
    select array_agg(distinct idt.value order by idt.value) from item_links l
    join identifiers idt on idt.item_id = l.to_id and not idt.is_email
    where l.from_id = i.id), '{}') as phones,
  ${VERIFIED_OWNER} as verified`;

export type PropertyRow = {
  id: string;
  data: Record<string, FieldValue>;
  phones: string[];
  verified: boolean;
};

export async function listProperties(
  db: Db,
  p: { listId: string; search: string; skip: number; limit: number; viewerId: string | null },
) {
  const filter = p.search
    ? sql`and i.search_text like ${`%${p.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
    : sql``;
  const [rows, [total]] = await Promise.all([
    queryRows<PropertyRow>(
      db,
      sql`select ${PROPERTY_COLUMNS} from list_items li join items i on i.id = li.item_id
        where li.list_id = ${p.listId} and li.type = 'property' ${filter} ${visible(p.viewerId)}
        order by i.created_at, i.id limit ${p.limit} offset ${p.skip}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from list_items li join items i on i.id = li.item_id
        where li.list_id = ${p.listId} and li.type = 'property' ${filter} ${visible(p.viewerId)}`,
    ),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ListRecordRow = {
  id: string;
  type: 'contact' | 'company';
  data: Record<string, FieldValue>;
  status: string | null;
  identifiers: string[];
  company: CompanyNameFields;
};

/** A page of a list's contacts or companies, in the order they joined, with their phones and e-mails. */
export async function listRecords(
  db: Db,
  p: {
    listId: string;
    type: 'contact' | 'company';
    search: string;
    skip: number;
    limit: number;
    viewerId: string | null;
  },
) {
  const filter = p.search
    ? sql`and i.search_text like ${`%${p.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
    : sql``;
  const [rows, [total]] = await Promise.all([
    queryRows<ListRecordRow>(
      db,
      sql`select i.id, i.type, i.data, s.text as status,
          coalesce((select array_agg(idt.value order by idt."primary" desc, idt.position)
                    from identifiers idt where idt.item_id = i.id), '{}') as identifiers,
          ${linkedCompanyFields('i')} as company
        from list_items li join items i on i.id = li.item_id
        left join statuses s on s.id = i.status_id
        where li.list_id = ${p.listId} and li.type = ${p.type} ${filter} ${visible(p.viewerId)}
        order by i.created_at, i.id limit ${p.limit} offset ${p.skip}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from list_items li join items i on i.id = li.item_id
        where li.list_id = ${p.listId} and li.type = ${p.type} ${filter} ${visible(p.viewerId)}`,
    ),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The list detail's right pane: properties by phone count, verified owners, use descriptions. */
export async function propertyStats(db: Db, listId: string, viewerId: string | null) {
  const [agg] = await queryRows<{
    total: number;
    verified: number;
    p0: number;
    p1: number;
    p2: number;
    p3: number;
  }>(
    db,
    sql`with p as (select ${PROPERTY_COLUMNS} from list_items li join items i on i.id = li.item_id
          where li.list_id = ${listId} and li.type = 'property' ${visible(viewerId)})
        select count(*)::int as total, count(*) filter (where verified)::int as verified,
          count(*) filter (where cardinality(phones) = 0)::int as p0,
          count(*) filter (where cardinality(phones) = 1)::int as p1,
          count(*) filter (where cardinality(phones) = 2)::int as p2,
          count(*) filter (where cardinality(phones) >= 3)::int as p3
        from p`,
  );
  const uses = await queryRows<{ label: string; n: number }>(
    db,
    sql`select coalesce(nullif(i.data->>'Use Description', ''), 'Unknown') as label, count(*)::int as n
        from list_items li join items i on i.id = li.item_id
        where li.list_id = ${listId} and li.type = 'property' ${visible(viewerId)}
        group by 1 order by 2 desc, 1`,
  );
  return { agg: agg!, uses };
}

export async function listStatusStats(db: Db, listId: string, teamId: string, viewerId: string | null) {
  return queryRows<{ text: string; n: number }>(
    db,
    sql`select coalesce(s.text, 'No status') as text, count(*)::int as n
        from list_items li join items i on i.id = li.item_id
        left join statuses s on s.id = i.status_id and s.team_id = ${teamId}
        where li.list_id = ${listId} and li.type = 'contact' ${visible(viewerId)}
        group by 1 order by 2 desc, 1`,
  );
}

export async function verifiedCompanies(db: Db, listId: string, viewerId: string | null) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from list_items li join items i on i.id = li.item_id
        where li.list_id = ${listId} and li.type = 'company' ${visible(viewerId)}
          and exists (select 1 from item_links l join identifiers idt on idt.item_id = l.to_id
                      and not idt.is_email and idt.status = '' where l.from_id = i.id)`,
  );
  return row?.n ?? 0;
}

export type ExportRow = {
  id: string;
  data: Record<string, FieldValue>;
  status: string | null;
  /** lineType: the line type a skip trace's provider gave the phone; null when unknown. */
  phones: {
    value: string;
    status: string;
    primary: boolean;
    lineType: 'mobile' | 'landline' | 'other' | null;
  }[];
  emails: string[];
  property: Record<string, FieldValue> | null;
  company: CompanyNameFields;
  primaryValue: string | null;
};

const EXPORT_COLUMNS = sql`
  i.id, i.data, s.text as status,
  coalesce((select json_agg(json_build_object('value', idt.value, 'status', idt.status, 'primary', idt."primary", 'lineType', idt.line_type)
            order by idt."primary" desc, idt.position) from identifiers idt where idt.item_id = i.id and not idt.is_email), '[]') as phones,
  coalesce((select array_agg(idt.value order by idt.position) from identifiers idt where idt.item_id = i.id and idt.is_email), '{}') as emails,
  (select p.data from item_links l join items p on p.id = l.to_id and p.type = 'property' where l.from_id = i.id
   order by p.created_at limit 1) as property,
  ${linkedCompanyFields('i')} as company,
  (select d.value from identifiers d where d.item_id = i.id and d."primary" limit 1) as "primaryValue"`;

export async function exportByStatus(db: Db, teamId: string, statusId: string, viewerId: string | null) {
  return queryRows<ExportRow>(
    db,
    sql`select ${EXPORT_COLUMNS} from items i left join statuses s on s.id = i.status_id
        where i.team_id = ${teamId} and i.type = 'contact' and i.status_id = ${statusId} ${visible(viewerId)}
        order by i.created_at, i.id`,
  );
}

/** The Export screen's rows of some contacts (a bulk export's chunk), as the viewer may read them. */
export async function exportRowsByIds(db: Db, teamId: string, ids: string[], viewerId: string | null) {
  return queryRows<ExportRow>(
    db,
    sql`select ${EXPORT_COLUMNS} from items i left join statuses s on s.id = i.status_id
        where i.team_id = ${teamId} and i.type = 'contact' ${visible(viewerId)}
          and i.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
        order by i.id`,
  );
}

/** A property or company of a bulk export: its own fields, and the phones it is reached by. */
export type RecordExportRow = {
  id: string;
  type: 'property' | 'company';
  data: Record<string, FieldValue>;
  /** Its own usable phones, then its linked records' (a property's owners, a company's people). */
  phones: string[];
  emails: string[];
  verified: boolean;
};

/** The export rows of some properties and companies (a bulk export's chunk), as the viewer may read them. */
export async function exportRecordRowsByIds(db: Db, teamId: string, ids: string[], viewerId: string | null) {
  return queryRows<RecordExportRow>(
    db,
    sql`select i.id, i.type, i.data,
        coalesce((select array_agg(p.value order by p.own desc, p.position, p.value) from (
          select distinct on (idt.value) idt.value, idt.item_id = i.id as own, idt.position
          from identifiers idt where not idt.is_email and idt.status = ''
            and (idt.item_id = i.id or idt.item_id in (select l.to_id from item_links l where l.from_id = i.id))
          order by idt.value, (idt.item_id = i.id) desc) p), '{}') as phones,
        coalesce((select array_agg(idt.value order by idt.position) from identifiers idt
          where idt.item_id = i.id and idt.is_email), '{}') as emails,
        case when i.type = 'property' then ${VERIFIED_OWNER} else false end as verified
      from items i
      where i.team_id = ${teamId} and i.type in ('property', 'company') ${visible(viewerId)}
        and i.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
      order by i.id`,
  );
}

export async function exportListChunk(
  db: Db,
  p: { listId: string; skip: number; limit: number; viewerId: string | null; onlyDnc: boolean },
) {
  const dnc = p.onlyDnc
    ? sql`and exists (select 1 from identifiers d where d.item_id = i.id and d.status = 'DNC')`
    : sql``;
  return queryRows<ExportRow>(
    db,
    sql`select ${EXPORT_COLUMNS} from list_items li join items i on i.id = li.item_id
        left join statuses s on s.id = i.status_id
        where li.list_id = ${p.listId} and li.type = 'contact' ${dnc} ${visible(p.viewerId)}
        order by i.id limit ${p.limit} offset ${p.skip}`,
  );
}

export async function statusCounts(db: Db, teamId: string, viewerId: string | null) {
  return queryRows<{ id: string; text: string; n: number }>(
    db,
    sql`select s.id, s.text, (select count(*)::int from items i where i.team_id = ${teamId} and i.type = 'contact'
          and i.status_id = s.id ${visible(viewerId)}) as n
        from statuses s where s.team_id = ${teamId} order by s.position, s.created_at`,
  );
}

/** Adds phones to the team's DNC list and marks the team's identifiers with them DNC (no longer primary). */
export async function addDncPhones(db: Db, teamId: string, phones: string[], now: Date, origin: PhoneOrigin) {
  return db.transaction(async (tx) => {
    await setPhoneOrigin(tx, origin);
    const payload = sql`(select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`;
    const added = await queryRows<{ value: string }>(
      tx,
      sql`insert into dnc_phones (team_id, value, created_at) select ${teamId}, v, ${now} from ${payload} as t(v)
          on conflict do nothing returning value`,
    );
    const marked = await dncMarks.markValues(tx, teamId, phones);
    return { added: added.length, marked };
  });
}
