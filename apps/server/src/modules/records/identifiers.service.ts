import {
  homeCountry,
  canBecomePrimary,
  normalizeEmailIdentifier,
  normalizePhone,
  toggleIdentifierStatus,
  type ItemDto,
  type PhoneEventDto,
  type PhoneOrigin,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import { setPhoneOrigin } from '../../db/phone-origin.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { RecordsErrorCode } from './records.errors.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

const byMember = (auth: AuthContext) => ({
  source: 'member' as const,
  userId: auth.userId,
  userName: auth.user.name,
});

export type IdentifiersService = ReturnType<typeof createIdentifiersService>;

/** A record's phones and e-mail addresses: added, marked DNC or Wrong #, made primary; found by value. */
export function createIdentifiersService(deps: { db: Db; clock: Clock; records: RecordsService }) {
  const { db, clock, records } = deps;

  return {
    async add(auth: AuthContext, itemId: string, raw: string): R<ItemDto> {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      const item = found.value;
      // Stacked as imports stack: a phone in E.164, an e-mail in lower case, so the same one written
      // another way is the same identifier.
      const isEmail = raw.includes('@');
      const value = isEmail
        ? normalizeEmailIdentifier(raw)
        : normalizePhone(raw, homeCountry(auth.user.team.country));
      if (!value) return fail('INVALID_PHONE');
      const existing = await q.findIdentifierByValue(db, item.teamId, value);
      if (existing && existing.itemId !== item.id) return fail('IDENTIFIER_TAKEN');
      if (!existing)
        await db.transaction(async (tx) => {
          await setPhoneOrigin(tx, byMember(auth));
          const idts = await q.listIdentifiers(tx, item.id);
          await q.insertIdentifier(tx, {
            teamId: item.teamId,
            itemId: item.id,
            value,
            isEmail,
            primary: !idts.some((i) => i.primary),
            position: idts.length,
            createdAt: clock.now(),
          });
        });
      return ok(await records.toItemDto(auth, await records.touch(item.id)));
    },

    async change(
      auth: AuthContext,
      itemId: string,
      value: string,
      action: 'DNC' | 'Wrong #' | 'primary',
    ): R<ItemDto> {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      const rows = await q.listIdentifiers(db, itemId);
      const target = rows.find((r) => r.value === value);
      if (!target) return fail('IDENTIFIER_NOT_FOUND');
      if (action === 'primary' && !canBecomePrimary(target)) return fail('CANNOT_BE_PRIMARY');
      const next = toggleIdentifierStatus(target, action === 'primary' ? 'DNC' : action);
      const states =
        action === 'primary'
          ? rows.map((r) => ({ id: r.id, status: r.status, primary: r.id === target.id }))
          : [{ id: target.id, status: next.status, primary: next.primary }];
      await db.transaction(async (tx) => {
        await setPhoneOrigin(tx, byMember(auth));
        await q.saveIdentifierStates(tx, states);
      });
      return ok(await records.toItemDto(auth, await records.touch(itemId)));
    },

    /** Each phone of a record with its history, oldest event first (issue 32, item 4). */
    async history(auth: AuthContext, itemId: string): R<{ value: string; events: PhoneEventDto[] }[]> {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      const phones = (await q.listIdentifiers(db, itemId)).filter((i) => !i.isEmail).map((i) => i.value);
      const rows = await q.phoneHistoryOf(db, found.value.teamId, phones);
      return ok(
        phones.map((value) => ({
          value,
          events: rows.filter((r) => r.value === value).map(toPhoneEventDto),
        })),
      );
    },

    /** The history of these phones of a team (a DNC export's facts), oldest event first, by value. */
    async historyByValues(teamId: string, values: string[]): Promise<Map<string, PhoneEventDto[]>> {
      const byValue = new Map<string, PhoneEventDto[]>();
      for (const r of await q.phoneHistoryOf(db, teamId, values)) {
        const events = byValue.get(r.value) ?? [];
        events.push(toPhoneEventDto(r));
        byValue.set(r.value, events);
      }
      return byValue;
    },

    /** The team's identifier with this value (E.164, or a lower-cased e-mail), of any record. */
    findByValue(teamId: string, value: string) {
      return q.findIdentifierByValue(db, teamId, value);
    },

    /** The record a value of the team belongs to, with that identifier (a text to a known number). */
    async findRecipient(teamId: string, value: string) {
      const identifier = await q.findIdentifierByValue(db, teamId, value);
      const item = identifier ? await q.findItem(db, identifier.itemId) : null;
      return identifier && item ? { identifier, item } : null;
    },
  };
}

export function toPhoneEventDto(r: q.PhoneHistoryRow): PhoneEventDto {
  return {
    event: r.event,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    primary: r.primary,
    origin: r.origin as PhoneOrigin,
    at: r.at.toISOString(),
  };
}
