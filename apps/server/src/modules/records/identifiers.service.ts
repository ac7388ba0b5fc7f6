import {
  canBecomePrimary,
  normalizeEmailIdentifier,
  normalizePhone,
  toggleIdentifierStatus,
  type ItemDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { RecordsErrorCode } from './records.errors.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

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
      const value = isEmail ? normalizeEmailIdentifier(raw) : normalizePhone(raw);
      if (!value) return fail('INVALID_PHONE');
      const existing = await q.findIdentifierByValue(db, item.teamId, value);
      if (existing && existing.itemId !== item.id) return fail('IDENTIFIER_TAKEN');
      if (!existing) {
        const idts = await q.listIdentifiers(db, item.id);
        await q.insertIdentifier(db, {
          teamId: item.teamId,
          itemId: item.id,
          value,
          isEmail,
          primary: !idts.some((i) => i.primary),
          position: idts.length,
          createdAt: clock.now(),
        });
      }
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
      if (action === 'primary') {
        if (!canBecomePrimary(target)) return fail('CANNOT_BE_PRIMARY');
        await q.saveIdentifierStates(
          db,
          rows.map((r) => ({ id: r.id, status: r.status, primary: r.id === target.id })),
        );
      } else {
        const next = toggleIdentifierStatus(target, action);
        await q.saveIdentifierStates(db, [{ id: target.id, status: next.status, primary: next.primary }]);
      }
      return ok(await records.toItemDto(auth, await records.touch(itemId)));
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
