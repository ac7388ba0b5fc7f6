import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { VoiceProvider } from '../../providers/voice/index.js';
import * as qNumbers from './call-numbers.queries.js';

export type VoiceAccounts = ReturnType<typeof createVoiceAccounts>;

/**
 * Each team's sub-account at the voice provider (ADR 026), opened the first time the team rents a
 * number, and the team's custody of its numbers as staff act on them from the suspension page.
 */
export function createVoiceAccounts(deps: { db: Db; clock: Clock; voice: VoiceProvider }) {
  const { db, clock, voice } = deps;
  return {
    /** The team's sub-account sid, opened at the provider when the team has none yet. */
    async ensure(teamId: string): Promise<string> {
      const known = await qNumbers.findVoiceAccount(db, teamId);
      if (known) return known.sid;
      const name = (await qNumbers.teamName(db, teamId)) ?? teamId;
      const opened = await voice.createAccount(`${name} (${teamId})`);
      const row = await qNumbers.insertVoiceAccount(db, { teamId, sid: opened.sid, createdAt: clock.now() });
      // Two purchases at once opened two: the first one recorded wins, the other stays empty.
      return row?.sid ?? (await qNumbers.findVoiceAccount(db, teamId))!.sid;
    },
    /** The sub-account of the team, or null (numbers rented before ADR 026 live in the main account). */
    sidOf: async (teamId: string) => (await qNumbers.findVoiceAccount(db, teamId))?.sid ?? null,
    findBySid: (sid: string) => qNumbers.findVoiceAccountBySid(db, sid),
    list: () => qNumbers.listVoiceAccounts(db),
    teamNumbers: (teamId: string) => qNumbers.listNumbers(db, teamId),
    dropNumbers: (teamId: string, providerSids: string[], tx: Db = db) =>
      qNumbers.deleteNumbersBySid(tx, teamId, providerSids),
    swapNumber: (teamId: string, oldSid: string, next: { number: string; providerSid: string }) =>
      qNumbers.swapNumber(db, teamId, oldSid, next),
  };
}
