import {
  addressMatchesKey,
  companyFromText,
  contactCreatedData,
  companyKeys,
  importValue,
  itemSearchText,
  normalizePhone,
  parseAddressLine,
  propertyKey,
  streetKey,
  withHttps,
  type ItemDto,
  type ItemType,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { seesAllData } from './records.access.js';
import type { RecordsErrorCode } from './records.errors.js';
import * as lq from './links.queries.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';
import { findTeamCountry } from '../teams/index.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

/** The record a hand-made add linked, and whether the team had it already. */
export type Linked = { id: string; existed: boolean };

export type LinksService = ReturnType<typeof createLinksService>;

/** Links between a record and its contacts, properties and companies (both ways). */
export function createLinksService(deps: {
  db: Db;
  clock: Clock;
  records: RecordsService;
  /** Subscriptions hear `contact.created` (ADR 045 addendum). */
  events?: DomainEvents;
}) {
  const { db, clock, records } = deps;

  function create(
    tx: Db,
    teamId: string,
    type: ItemType,
    data: Record<string, string>,
    assignedTo: string[],
  ) {
    const now = clock.now();
    return q.insertItem(tx, {
      teamId,
      type,
      data,
      assignedTo,
      searchText: itemSearchText(data),
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A contact by phone: the one that has the phone, however it was written, else a new one. */
  async function contactByPhone(
    tx: Db,
    teamId: string,
    idt: string,
    assignedTo: string[],
  ): R<Linked & { phone: string }> {
    const phone = normalizePhone(idt, await findTeamCountry(tx, teamId));
    if (!phone) return fail('INVALID_PHONE');
    const existing = await q.findIdentifierByValue(tx, teamId, phone);
    if (existing) return ok({ id: existing.itemId, existed: true, phone });
    const contact = await create(tx, teamId, 'contact', {}, assignedTo);
    await q.insertIdentifier(tx, {
      teamId,
      itemId: contact.id,
      value: phone,
      isEmail: false,
      primary: true,
      position: 0,
      createdAt: clock.now(),
    });
    return ok({ id: contact.id, existed: false, phone });
  }

  /**
   * A property by its address, stacked as imports stack: the property with the same key, else the
   * one property on that street whose city, state and zip do not contradict what was typed (an
   * imported property is found by its street alone), else a new one. Two such properties: the user
   * picks one.
   */
  async function propertyByAddress(tx: Db, teamId: string, idt: string, assignedTo: string[]): R<Linked> {
    const address = parseAddressLine(idt);
    const key = propertyKey(address);
    if (!key) return fail('ADDRESS_REQUIRED');
    const exact = await lq.findItemIdByKeys(tx, teamId, [key]);
    if (exact) return ok({ id: exact, existed: true });
    const onStreet = await lq.findPropertyKeysOnStreet(tx, teamId, streetKey(address.street));
    const matches = [
      ...new Set(onStreet.filter((k) => addressMatchesKey(address, k.key)).map((k) => k.itemId)),
    ];
    if (matches.length > 1) return fail('ADDRESS_AMBIGUOUS');
    if (matches[0]) return ok({ id: matches[0], existed: true });
    const data: Record<string, string> = { Address: importValue('Address', address.street) };
    if (address.city) data['City'] = importValue('City', address.city);
    if (address.state) data['State'] = address.state;
    if (address.zip) data['Zip'] = address.zip;
    const item = await create(tx, teamId, 'property', data, assignedTo);
    await lq.insertItemKeys(tx, teamId, item.id, [key]);
    return ok({ id: item.id, existed: false });
  }

  /** A company by its name or website: the one with the same name or host, else a new one. */
  async function companyByNameOrSite(tx: Db, teamId: string, idt: string, assignedTo: string[]): R<Linked> {
    const company = companyFromText(idt);
    const keys = companyKeys(company);
    const existing = await lq.findItemIdByKeys(tx, teamId, keys);
    if (existing) return ok({ id: existing, existed: true });
    const data: Record<string, string> =
      'website' in company
        ? { Website: withHttps(company.website) }
        : { Name: importValue('Name', company.name) };
    const item = await create(tx, teamId, 'company', data, assignedTo);
    await lq.insertItemKeys(tx, teamId, item.id, keys);
    return ok({ id: item.id, existed: false });
  }

  /**
   * The team's record for this phone, address, name or website, made when the team has none. A
   * contact made here is announced (`contact.created`, source 'app') once its transaction committed.
   */
  async function findOrCreate(teamId: string, type: ItemType, idt: string, assignedTo: string[]): R<Linked> {
    const found = await db.transaction(async (tx): R<Linked & { phone?: string }> => {
      await lq.lockTeamStacker(tx, teamId);
      if (type === 'contact') return contactByPhone(tx, teamId, idt, assignedTo);
      if (type === 'property') return propertyByAddress(tx, teamId, idt, assignedTo);
      return companyByNameOrSite(tx, teamId, idt, assignedTo);
    });
    if (!found.ok) return found;
    const { phone, ...linked } = found.value;
    if (phone && !linked.existed)
      deps.events?.publish(
        teamId,
        'contact.created',
        contactCreatedData({
          contactId: linked.id,
          phones: [phone],
          emails: [],
          createdAt: clock.now(),
          source: 'app',
        }),
      );
    return ok(linked);
  }

  /** A record the user picked from the suggestions: one of the team's, of that type, that they may open. */
  async function picked(auth: AuthContext, type: ItemType, id: string): R<Linked> {
    const found = await records.access(auth, id);
    if (!found.ok) return found;
    if (found.value.type !== type) return fail('LINK_SAME_TYPE');
    return ok({ id, existed: true });
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
     * Adds a contact (by phone), property (by address) or company (by name or website) to a record,
     * or the record the user picked (`existingId`). What the team already has is linked instead of
     * copied, through the stacking keys of imports; the answer says which happened.
     */
    async addAndMap(
      auth: AuthContext,
      input: { addedTo: string; type: ItemType; idt: string; existingId?: string },
    ): R<{ item: ItemDto; linked: Linked }> {
      const found = await records.access(auth, input.addedTo);
      if (!found.ok) return found;
      const parent = found.value;
      if (parent.type === input.type) return fail('LINK_SAME_TYPE');
      // A member who sees only assigned records must see what they just added.
      const assignedTo = seesAllData(auth)
        ? parent.assignedTo
        : [...new Set([...parent.assignedTo, auth.userId])];
      const linked = input.existingId
        ? await picked(auth, input.type, input.existingId)
        : await findOrCreate(parent.teamId, input.type, input.idt, assignedTo);
      if (!linked.ok) return linked;
      if (linked.value.id === parent.id) return fail('LINK_SAME_TYPE');
      // Stacking found the team's record: one the caller may not open is neither linked nor named (ADR 031).
      if (linked.value.existed && !(await records.access(auth, linked.value.id)).ok)
        return fail('ON_RECORD_NOT_YOURS');
      await q.insertLink(db, parent.teamId, parent.id, linked.value.id);
      return ok({
        item: await records.toItemDto(auth, await records.touch(parent.id)),
        linked: linked.value,
      });
    },
  };
}
