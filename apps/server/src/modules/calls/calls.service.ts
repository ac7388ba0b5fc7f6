import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  can,
  mayReadRecord,
  normalizePhone,
  type QueueEntryDto,
  type UserCallSettingsDto,
  type VoicemailDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import { isTeamSuspended } from '../teams/index.js';
import { VoiceFailedError, type VoiceProvider } from '../../providers/voice/index.js';
import type { CallsErrorCode } from './calls.errors.js';
import * as qNumbers from './call-numbers.queries.js';
import * as qVoicemails from './voicemails.queries.js';
import * as qQueue from './call-queue.queries.js';
import * as qCalls from './calls.queries.js';
import * as qContacts from './call-contacts.queries.js';
import * as qSettings from './call-settings.queries.js';
import type { DiallerService } from './dialler.service.js';
import type { VoiceAccounts } from './voice-accounts.js';

type R<T> = Promise<Result<T, CallsErrorCode | 'PERMISSION_REQUIRED' | 'TEAM_SUSPENDED'>>;
export const MAX_VM_BYTES = 5 * 1024 * 1024;
const VM_FILE = /^[0-9a-f-]{36}\.(ogg|webm)$/;

export type CallsService = ReturnType<typeof createCallsService>;

/** What a recording holds, by its bytes: Ogg or WebM, with Opus audio. Null for anything else. */
export function voicemailKind(bytes: Buffer): 'ogg' | 'webm' | null {
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (head.startsWith('OggS') && head.includes('OpusHead')) return 'ogg';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) && head.includes('A_OPUS'))
    return 'webm';
  return null;
}

const toVmDto = (v: qVoicemails.VoicemailRow): VoicemailDto => ({
  _id: v.id,
  name: v.name,
  userId: v.userId,
  size: v.size,
  createdAt: v.createdAt.toISOString(),
});

const toQueueDto = (r: qQueue.QueueRow): QueueEntryDto => ({
  itemId: r.itemId,
  name: r.name || r.phone || 'Unnamed contact',
  phone: r.phone,
  campaignType: r.campaignType === 'Call' ? 'Call' : null,
  campaignId: r.campaignId,
  callStatus: r.callStatus,
  queuedAt: r.queuedAt.toISOString(),
});

/** The dialler's page, queues, voicemails and the team's numbers. */
export function createCallsService(deps: {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  voice: VoiceProvider;
  dialler: DiallerService;
  voiceAccounts: VoiceAccounts;
  dataDir: string;
}) {
  const { db, clock, realtime, voice, dialler } = deps;
  const dir = path.join(deps.dataDir, 'voicemails');
  const mayCall = (auth: AuthContext) => can(auth.user, 'calls');
  const mayManageNumbers = (auth: AuthContext) => can(auth.user, 'phones');

  async function queueOf(teamId: string, userId: string) {
    return (await qQueue.listQueue(db, teamId, userId)).map(toQueueDto);
  }

  return {
    async page(auth: AuthContext) {
      const [numbers, queue, vms, waiting] = await Promise.all([
        qNumbers.listNumbers(db, auth.teamId),
        queueOf(auth.teamId, auth.userId),
        qVoicemails.listVoicemails(db, auth.teamId),
        dialler.waiting(auth),
      ]);
      return {
        provider: voice.name,
        numbers: numbers.map((n) => ({ _id: n.id, number: n.number })),
        members: dialler.members(auth.teamId),
        me: dialler.state(auth),
        queue,
        voicemails: vms.map(toVmDto),
        waiting,
      };
    },

    queue: (auth: AuthContext) => queueOf(auth.teamId, auth.userId),

    /** Contacts called and answered per call campaign, for the campaign cards. */
    campaignFigures: (campaignIds: string[]) => qCalls.campaignCallFigures(db, campaignIds),

    /** Adds records to a member's queue (a call campaign, or the member's own pick). */
    async enqueue(teamId: string, userId: string, itemIds: string[], campaignId: string | null) {
      const queued = await qQueue.enqueue(db, { teamId, userId, itemIds, campaignId, at: clock.now() });
      if (queued) {
        realtime.toUser(userId, 'queueChanged', {});
        dialler.wake(userId);
      }
      return queued;
    },

    /**
     * Adds contacts to a member's queue inside the caller's transaction (a bulk job's chunk, ADR 037):
     * the same rules as `enqueue` (the team's contacts the member may read; one already queued stays
     * where it is). Answers the ids added; `queueChanged` tells the member once the chunk commits.
     */
    async enqueueWithin(tx: Db, e: { teamId: string; userId: string; itemIds: string[] }) {
      return qQueue.enqueueIds(tx, { ...e, campaignId: null, at: clock.now() });
    },

    queueChanged(userId: string) {
      realtime.toUser(userId, 'queueChanged', {});
      dialler.wake(userId);
    },

    /**
     * A call campaign's contacts shared among the members who may call: a contact assigned to one of
     * them goes to that member, the rest in turn among the callers who may read every record (an
     * 'Only assigned' caller gets only their own). Answers how many were queued.
     */
    async fillCallCampaign(
      teamId: string,
      campaignId: string,
      contacts: { id: string; assignedTo: string[] }[],
    ) {
      const callers = await qContacts.teamCallers(db, teamId);
      if (!callers.length) return 0;
      const byMember = new Map<string, string[]>(callers.map((c) => [c.id, []]));
      const takeAny = callers.filter((c) => mayReadRecord(c, [])).map((c) => c.id);
      let turn = 0;
      for (const c of contacts) {
        const owner =
          c.assignedTo.find((u) => byMember.has(u)) ??
          (takeAny.length ? takeAny[turn++ % takeAny.length]! : null);
        if (owner) byMember.get(owner)!.push(c.id);
      }
      let queued = 0;
      for (const [userId, itemIds] of byMember) {
        for (let i = 0; i < itemIds.length; i += 1000) {
          const n = await qQueue.enqueue(db, {
            teamId,
            userId,
            itemIds: itemIds.slice(i, i + 1000),
            campaignId,
            at: clock.now(),
          });
          queued += n;
        }
        if (itemIds.length) {
          realtime.toUser(userId, 'queueChanged', {});
          dialler.wake(userId);
        }
      }
      return queued;
    },

    /**
     * A call campaign's follow-up step puts its contacts back into their members' queues, in the
     * engine's transaction (ADR 046); `wake` the members once it has committed.
     */
    async requeueFollowUps(tx: Db, teamId: string, campaignId: string, itemIds: string[]) {
      return qQueue.requeueEntries(tx, teamId, campaignId, itemIds, clock.now());
    },
    /** Runs the members' dialling rounds (their queues were filled). */
    wake(userIds: Iterable<string>) {
      for (const userId of new Set(userIds)) {
        realtime.toUser(userId, 'queueChanged', {});
        dialler.wake(userId);
      }
    },
    /** A reply stopped these call campaigns' follow-ups of the record: their uncalled entries leave the queues. */
    async dropFollowUpCalls(teamId: string, itemId: string, campaignIds: string[]) {
      const users = await qQueue.dropUncalledEntries(db, teamId, itemId, campaignIds);
      for (const userId of new Set(users)) realtime.toUser(userId, 'queueChanged', {});
    },

    async unqueue(auth: AuthContext, itemId: string): R<true> {
      const entry = await qQueue.findEntry(db, auth.teamId, auth.userId, itemId);
      if (!entry) return fail('NOT_QUEUED');
      if (!(await qQueue.unqueue(db, auth.teamId, auth.userId, itemId))) return fail('CANNOT_UNQUEUE');
      realtime.toUser(auth.userId, 'queueChanged', {});
      // A call campaign's call: its contact's row says it stopped, and who took it out (ADR 056).
      if (entry.campaignId)
        await dialler.campaignCallRemoved({
          teamId: auth.teamId,
          campaignId: entry.campaignId,
          itemId,
          status: 'Skipped',
          removed: { by: auth.userId, from: auth.userId },
          at: clock.now(),
        });
      return ok(true);
    },

    // ------------------------------------------------------------ voicemails

    async recordVm(
      auth: AuthContext,
      file: { bytes: Buffer; truncated: boolean } | null,
      name: string | undefined,
    ): R<VoicemailDto> {
      if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
      if (!file || file.bytes.length === 0) return fail('VM_EMPTY');
      if (file.truncated || file.bytes.length > MAX_VM_BYTES) return fail('VM_TOO_LARGE');
      const kind = voicemailKind(file.bytes);
      if (!kind) return fail('VM_TYPE');
      await mkdir(dir, { recursive: true });
      const fileName = `${randomUUID()}.${kind}`;
      await writeFile(path.join(dir, fileName), file.bytes, { flag: 'wx' });
      const count = (await qVoicemails.listVoicemails(db, auth.teamId)).length;
      const v = await qVoicemails.insertVoicemail(db, {
        teamId: auth.teamId,
        userId: auth.userId,
        name: name?.trim().slice(0, 100) || `Voicemail ${count + 1}`,
        file: fileName,
        contentType: kind === 'ogg' ? 'audio/ogg' : 'audio/webm',
        size: file.bytes.length,
        createdAt: clock.now(),
      });
      return ok(toVmDto(v));
    },

    async editVm(auth: AuthContext, vmId: string, name: string): R<VoicemailDto> {
      if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
      const v = await qVoicemails.renameVoicemail(db, auth.teamId, vmId, name);
      return v ? ok(toVmDto(v)) : fail('VM_NOT_FOUND');
    },

    async removeVm(auth: AuthContext, vmId: string): R<true> {
      if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
      const v = await qVoicemails.deleteVoicemail(db, auth.teamId, vmId);
      if (!v) return fail('VM_NOT_FOUND');
      if (VM_FILE.test(v.file)) await rm(path.join(dir, v.file), { force: true });
      return ok(true);
    },

    /** A voicemail's audio: the team's own (auth), or any by id (a signed link the provider fetches). */
    async vmAudio(teamId: string | null, vmId: string) {
      const v = teamId
        ? await qVoicemails.findVoicemail(db, teamId, vmId)
        : await qVoicemails.findVoicemailById(db, vmId);
      if (!v || !VM_FILE.test(v.file)) return null;
      const body = await readFile(path.join(dir, v.file)).catch(() => null);
      return body ? { body, contentType: v.contentType } : null;
    },

    // ------------------------------------------------------------ the user's call settings

    async callSettings(auth: AuthContext): Promise<UserCallSettingsDto> {
      const row = await qSettings.findUserCallSettings(db, auth.userId);
      return {
        noStatusCalls: row?.noStatusCalls ?? false,
        forwardOnly: row?.forwardOnly ?? false,
        forwardNumber: row?.forwardNumber ?? null,
        defaultVm: row?.defaultVm ?? null,
      };
    },

    /** Saves the caller's own settings; forwardOnly needs a valid number, defaultVm a team voicemail. */
    async updateCallSettings(auth: AuthContext, p: UserCallSettingsDto): R<UserCallSettingsDto> {
      const raw = p.forwardNumber?.trim() || null;
      const forwardNumber = raw ? normalizePhone(raw) : null;
      if (raw && !forwardNumber) return fail('FORWARD_NUMBER_INVALID');
      if (p.forwardOnly && !forwardNumber) return fail('FORWARD_NUMBER_REQUIRED');
      if (p.defaultVm && !(await qVoicemails.findVoicemail(db, auth.teamId, p.defaultVm)))
        return fail('VM_NOT_FOUND');
      const row = await qSettings.upsertUserCallSettings(db, {
        userId: auth.userId,
        teamId: auth.teamId,
        noStatusCalls: p.noStatusCalls,
        forwardOnly: p.forwardOnly,
        forwardNumber,
        defaultVm: p.defaultVm,
      });
      dialler.settingsChanged(auth.userId, { noStatusCalls: row.noStatusCalls, defaultVm: row.defaultVm });
      return ok({
        noStatusCalls: row.noStatusCalls,
        forwardOnly: row.forwardOnly,
        forwardNumber: row.forwardNumber,
        defaultVm: row.defaultVm,
      });
    },

    // ------------------------------------------------------------ numbers

    async buyNumber(auth: AuthContext, areaCode: string | null): R<{ _id: string; number: string }> {
      if (!mayManageNumbers(auth)) return fail('NUMBERS_PERMISSION');
      if (await isTeamSuspended(db, auth.teamId)) return fail('TEAM_SUSPENDED');
      try {
        // Under the team's own sub-account (ADR 026), opened with its first number.
        const n = await voice.buyNumber(areaCode, await deps.voiceAccounts.ensure(auth.teamId));
        const row = await qNumbers.insertNumber(db, {
          teamId: auth.teamId,
          number: n.number,
          providerSid: n.sid,
          createdAt: clock.now(),
        });
        return ok({ _id: row.id, number: row.number });
      } catch (err) {
        if (err instanceof VoiceFailedError) return fail('VOICE_FAILED');
        throw err;
      }
    },

    async releaseNumber(auth: AuthContext, numberId: string): R<true> {
      if (!mayManageNumbers(auth)) return fail('NUMBERS_PERMISSION');
      const row = await qNumbers.deleteNumber(db, auth.teamId, numberId);
      if (!row) return fail('NUMBER_NOT_FOUND');
      const account = await deps.voiceAccounts.sidOf(auth.teamId);
      // A number rented before the team had a sub-account lives in the main account (ADR 026).
      await voice
        .releaseNumber(row.providerSid, account ?? undefined)
        .catch(() => (account ? voice.releaseNumber(row.providerSid) : undefined))
        .catch(() => undefined);
      return ok(true);
    },
  };
}
