import {
  type ItemType,
  companyKeys,
  importValue,
  itemSearchText,
  normalizePhone,
  propertyKey,
  websiteHost,
  withHttps,
  type ItemDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { seesAllData } from './records.access.js';
import type { RecordsErrorCode } from './records.errors.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

export type LinksService = ReturnType<typeof createLinksService>;

/** Links between a record and its contacts, properties and companies (both ways). */
export function createLinksService(deps: { db: Db; clock: Clock; records: RecordsService }) {
  const { db, clock, records } = deps;

  /** The team's record for this phone, address, name or website, made when the team has none. */
  async function findOrCreate(
    tx: Db,
    parent: q.ItemRow,
    type: ItemType,
    idt: string,
    assignedTo: string[],
  ): R<string> {
    const now = clock.now();
    const create = (data: Record<string, string>) =>
      q.insertItem(tx, {
        teamId: parent.teamId,
        type,
        data,
        assignedTo,
        searchText: itemSearchText(data),
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      });
    if (type === 'contact') {
      const phone = normalizePhone(idt);
      if (!phone) return fail('INVALID_PHONE');
      const existing = await q.findIdentifierByValue(tx, parent.teamId, phone);
      if (existing) return ok(existing.itemId);
      const contact = await create({});
      await q.insertIdentifier(tx, {
        teamId: parent.teamId,
        itemId: contact.id,
        value: phone,
        isEmail: false,
        primary: true,
        position: 0,
        createdAt: now,
      });
      return ok(contact.id);
    }
    const isWebsite = type === 'company' && websiteHost(idt) !== null && !/\s/.test(idt.trim());
    const keys =
      type === 'property'
        ? [propertyKey({ street: idt })].filter((k): k is string => k !== null)
        : companyKeys(isWebsite ? { website: idt } : { name: idt });
    const existing = await q.findItemByKeys(tx, parent.teamId, keys);
    if (existing) return ok(existing.id);
    const data: Record<string, string> =
      type === 'property'
        ? { Address: importValue('Address', idt) }
        : isWebsite
          ? { Website: withHttps(idt.trim()) }
          : { Name: importValue('Name', idt) };
    const item = await create(data);
    await q.insertItemKeys(tx, parent.teamId, item.id, keys);
    return ok(item.id);
  }

  return {
    async unlink(auth: AuthContext, parentId: string, childId: string): R<true> {
      for (const id of [parentId, childId]) {
        const found = await records.access(auth, id);
        if (!found.ok) return found;
      }
      await q.deleteLink(db, parentId, childId);
      return ok(true);
    },

    /**
     * Adds a contact (by phone), property (by address) or company (by name or website) to a record.
     * What the team already has is linked instead of copied, as imports stack.
     */
    async addAndMap(auth: AuthContext, addedTo: string, type: ItemType, idt: string): R<ItemDto> {
      const found = await records.access(auth, addedTo);
      if (!found.ok) return found;
      const parent = found.value;
      if (parent.type === type) return fail('LINK_SAME_TYPE');
      // A member who sees only assigned records must see what they just added.
      const assignedTo = seesAllData(auth)
        ? parent.assignedTo
        : [...new Set([...parent.assignedTo, auth.userId])];
      const linked = await db.transaction((tx) => findOrCreate(tx, parent, type, idt, assignedTo));
      if (!linked.ok) return linked;
      if (linked.value === parent.id) return fail('LINK_SAME_TYPE');
      await q.insertLink(db, parent.teamId, parent.id, linked.value);
      return ok(await records.toItemDto(auth, await records.touch(parent.id)));
    },
  };
}
