import {
  BUILT_IN_STATUSES,
  canHaveStatus,
  itemSearchText,
  NOT_CONTACTED,
  SYSTEM_FIELDS,
  withHttps,
  type ItemDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { FieldValue, ItemType } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { RecordReaders, Realtime } from '../../plugins/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import { canAccessItem } from './records.access.js';
import type { RecordsErrorCode } from './records.errors.js';
import { createItemDtos } from './item-dto.js';
import { identifierDtos, toMessageDto, toTaskDto } from './records.mappers.js';
import * as q from './records.queries.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

export type RecordsService = ReturnType<typeof createRecordsService>;

/**
 * Who may read a record, for the realtime fan-out ('Only assigned' members are the exception). Apart
 * from the service: the sockets are made before the records service, which emits on them.
 */
export function recordReaders(db: Db): RecordReaders {
  return {
    hasRestricted: (teamId) => q.hasRestrictedMembers(db, teamId),
    restricted: (teamId, itemIds) => q.restrictedReaders(db, teamId, itemIds),
  };
}

/**
 * A record: who may open it, its card and detail (item-dto.ts), its fields and status; what other
 * modules ask of records (statuses, custom fields, a new team's statuses). Identifiers, links, the
 * thread and assignees have services of their own that go through `access` and `touch` here.
 */
export function createRecordsService(deps: {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  realtime: Realtime;
  /** Subscriptions hear `contact.status_changed` (ADR 045). */
  events?: DomainEvents;
}) {
  const { db, clock, notifications } = deps;

  async function access(auth: AuthContext, itemId: string): R<q.ItemRow> {
    const item = await q.findItem(db, itemId);
    // A record a bulk delete hid is gone for everyone until its Undo (ADR 037).
    if (!item || item.hidden) return fail('ITEM_NOT_FOUND');
    const denied = canAccessItem(auth, item);
    return denied ? fail(denied) : ok(item);
  }

  const { statusText, visibleSections, toItemDto } = createItemDtos(db);

  const changed = (item: q.ItemRow, status: string | null) =>
    deps.realtime.toRecord(item.teamId, item.id, 'itemChanged', { itemId: item.id, status });

  async function touch(itemId: string, set: Parameters<typeof q.updateItem>[2] = {}) {
    const now = clock.now();
    return q.updateItem(db, itemId, { ...set, updatedAt: now, lastActivityAt: now });
  }

  async function setStatus(
    item: q.ItemRow,
    text: string | undefined,
  ): R<{ _id: string; status: string | null }> {
    let statusId: string | null = null;
    if (text !== undefined) {
      const status = (await q.listStatuses(db, item.teamId)).find((s) => s.text === text);
      if (!status) return fail('UNKNOWN_STATUS');
      const idts = identifierDtos(await q.listIdentifiers(db, item.id));
      if (!canHaveStatus(idts)) return fail('STATUS_NEEDS_PRIMARY');
      statusId = status.id;
    }
    const updated = await touch(item.id, { statusId });
    await changed(updated, text ?? null);
    if (item.type === 'contact' && item.statusId !== statusId)
      deps.events?.publish(item.teamId, 'contact.status_changed', {
        contactId: item.id,
        statusId,
        status: text ?? null,
        at: updated.updatedAt.toISOString(),
      });
    return ok({ _id: item.id, status: text ?? null });
  }

  return {
    access,
    toItemDto,
    visibleSections,
    /** Marks a record as just worked on (its board and inbox order). */
    touch,

    /** Tells the record's readers it changed (its card, with its status). */
    async announceChanged(item: q.ItemRow) {
      await changed(item, await statusText(item.teamId, item.statusId));
    },

    /** The team's statuses in board order (for other modules: imports, exports). */
    teamStatuses(teamId: string) {
      return q.listStatuses(db, teamId);
    },

    /** The built-in 'Not contacted' status a new contact starts in; `tx` is the caller's connection. */
    async notContactedStatusId(tx: Db, teamId: string) {
      return (
        (await q.listStatuses(tx, teamId)).find((s) => s.builtIn && s.text === NOT_CONTACTED)?.id ?? null
      );
    },

    /** Custom fields of one entity the caller sees (an import may fill only those: ADR 031), with their types. */
    async visibleCustomFields(auth: AuthContext, entity: ItemType) {
      const sections = await visibleSections(auth, entity);
      return sections.flatMap((s) =>
        s.fields.filter((f) => !f.system).map((f) => ({ _id: f._id, name: f.name, type: f.type })),
      );
    },

    /** A new team gets the built-in statuses (its sections come from the data-fields module). */
    async seedTeam(tx: Db, teamId: string) {
      await q.insertStatuses(
        tx,
        BUILT_IN_STATUSES.map((text, position) => ({ teamId, text, position, builtIn: true })),
      );
    },

    /** Whether the caller may open the record (its team; assigned to them under 'Only assigned'). */
    async checkAccess(auth: AuthContext, itemId: string): R<{ itemId: string }> {
      const found = await access(auth, itemId);
      return found.ok ? ok({ itemId }) : found;
    },

    async getItem(auth: AuthContext, itemId: string) {
      const found = await access(auth, itemId);
      if (!found.ok) return found;
      const item = found.value;
      const [dto, msgs, tasks, sections] = await Promise.all([
        toItemDto(auth, item),
        q.listMessages(db, item.id),
        q.listTasks(db, item.id, true),
        visibleSections(auth, item.type),
      ]);
      await notifications.markTargetRead(auth.userId, item.id);
      // Opening a record reads its texts for the whole team (a shared inbox).
      if (item.unreadSms > 0) {
        await q.updateItem(db, item.id, { unreadSms: 0 });
        await deps.realtime.toRecord(item.teamId, item.id, 'inboxChanged', { itemId: item.id });
      }
      return ok({
        item: dto,
        messages: msgs.map((m) =>
          toMessageDto(m.message, { name: m.senderName, email: m.senderEmail, avatar: m.senderAvatar }),
        ),
        tasks: tasks.map(toTaskDto),
        sections,
      });
    },

    async updateField(
      auth: AuthContext,
      input: { itemId: string; systemKey?: string; fieldId?: string; value: FieldValue | string[] },
    ): R<ItemDto> {
      const found = await access(auth, input.itemId);
      if (!found.ok) return found;
      const item = found.value;
      if (input.systemKey !== undefined) {
        if (!SYSTEM_FIELDS[item.type].includes(input.systemKey) || Array.isArray(input.value))
          return fail('UNKNOWN_FIELD');
        const value =
          input.systemKey === 'Website' && typeof input.value === 'string'
            ? withHttps(input.value)
            : input.value;
        const data = { ...item.data, [input.systemKey]: value };
        const updated = await touch(item.id, { data, searchText: itemSearchText(data) });
        return ok(await toItemDto(auth, updated));
      }
      // A field in a section limited to others is unknown to the caller.
      const sections = await visibleSections(auth, item.type);
      const field = sections.flatMap((s) => s.fields).find((f) => f._id === input.fieldId && !f.system);
      if (!field) return fail('UNKNOWN_FIELD');
      let value = input.value;
      if (field.type === 'Link' && typeof value === 'string') value = withHttps(value);
      if (field.type === 'Number' && typeof value === 'string' && value.trim() !== '') {
        const n = Number(value.replace(/,/g, ''));
        if (!Number.isFinite(n)) return fail('UNKNOWN_FIELD');
        value = n;
      }
      const updated = await touch(item.id, { custom: { ...item.custom, [field._id]: value } });
      return ok(await toItemDto(auth, updated));
    },

    async changeStatus(auth: AuthContext, itemId: string, text: string | undefined) {
      const found = await access(auth, itemId);
      return found.ok ? setStatus(found.value, text) : found;
    },

    /** A record's status by its text (undefined: none), once the caller may change it. */
    setStatus,

    /** Keeps a record's coordinates for its address (a map look-up is not work on the lead: no touch). */
    async cacheLocation(itemId: string, location: { lat: number; lng: number; address: string }) {
      await q.updateItem(db, itemId, { location });
    },

    /** Marks a record as pushed to the team's CRM (the push hook went out). */
    async markPushed(tx: Db, itemId: string) {
      await q.updateItem(tx, itemId, { pushedToCrm: true });
    },
  };
}
