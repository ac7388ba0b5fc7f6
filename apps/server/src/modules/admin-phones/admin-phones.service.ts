import { type SidPhoneDto, type SidPhones, type VoiceAccountDto, serverMessages } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { VoiceAccount, VoiceProvider } from '../../providers/voice/index.js';
import type { AuditAction, AuditService } from '../audit/index.js';
import type { VoiceAccounts } from '../calls/index.js';
import type { TeamsService } from '../teams/index.js';
import type { AdminPhonesErrorCode } from './admin-phones.errors.js';

type R<T> = Promise<Result<T, AdminPhonesErrorCode>>;
type Selection = { sid: string; phones?: string[] | undefined };

export type AdminPhonesService = ReturnType<typeof createAdminPhonesService>;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

/** A North American number's area code (+1 AAA …); null elsewhere, and the provider picks. */
export function areaCodeOf(number: string): string | null {
  const m = /^\+1([2-9]\d\d)\d{7}$/.exec(number);
  return m ? m[1]! : null;
}

/**
 * The suspension page (spec part 2 §2, §6): a team's sub-account at the voice provider, its numbers,
 * and releasing, force-removing or replacing them. Staff only (the route guard); every change is
 * audited with who, which team, which numbers and what the provider answered.
 */
export function createAdminPhonesService(deps: {
  db: Db;
  voice: VoiceProvider;
  voiceAccounts: VoiceAccounts;
  teams: Pick<TeamsService, 'findTeamAdmin'>;
  audit: AuditService;
}) {
  const { db, voice, voiceAccounts, teams, audit } = deps;

  async function ownerName(teamId: string) {
    const admin = await teams.findTeamAdmin(db, teamId);
    return admin ? admin.user.name || admin.user.email : 'the team owner';
  }

  async function providerAccounts(): Promise<VoiceAccount[] | null> {
    try {
      return await voice.listAccounts();
    } catch {
      return null;
    }
  }

  /** The account's numbers as the provider and the team each know them. */
  async function view(sid: string): R<SidPhones & { teamId: string }> {
    const account = await voiceAccounts.findBySid(sid);
    if (!account) return fail('ACCOUNT_NOT_FOUND');
    let rented;
    try {
      rented = await voice.listNumbers(sid);
    } catch {
      return fail('PROVIDER_UNREACHABLE');
    }
    const [held, name, known, admin] = await Promise.all([
      voiceAccounts.teamNumbers(account.teamId),
      ownerName(account.teamId),
      providerAccounts(),
      teams.findTeamAdmin(db, account.teamId),
    ]);
    const phones = new Map<string, SidPhoneDto>();
    for (const n of rented)
      phones.set(n.sid, {
        sid: n.sid,
        number: n.number,
        accSid: n.accountSid,
        atProvider: true,
        onTeam: false,
      });
    for (const n of held) {
      const p = phones.get(n.providerSid);
      if (p) p.onTeam = true;
      // The team holds it, the sub-account does not rent it (released already, or rented before the team
      // had a sub-account): listed, so a force remove can drop it.
      else
        phones.set(n.providerSid, {
          sid: n.providerSid,
          number: n.number,
          accSid: sid,
          atProvider: false,
          onTeam: true,
        });
    }
    return ok({
      teamId: account.teamId,
      sid,
      name,
      team: { _id: account.teamId, name: admin?.team.name ?? '' },
      status: known?.find((a) => a.sid === sid)?.status ?? 'unknown',
      phones: [...phones.values()].sort((a, b) => a.number.localeCompare(b.number)),
    });
  }

  async function select(input: Selection): R<{ v: SidPhones & { teamId: string }; chosen: SidPhoneDto[] }> {
    const v = await view(input.sid);
    if (!v.ok) return v;
    const chosen = input.phones
      ? input.phones.map((s) => v.value.phones.find((p) => p.sid === s))
      : v.value.phones;
    if (chosen.some((p) => !p)) return fail('PHONE_NOT_FOUND');
    if (chosen.length === 0) return fail('NO_PHONES_CHOSEN');
    return ok({ v: v.value, chosen: chosen as SidPhoneDto[] });
  }

  /** Releases each number the provider still rents; answers which it refused. */
  async function release(sid: string, phones: SidPhoneDto[]) {
    const released: SidPhoneDto[] = [];
    const refused: SidPhoneDto[] = [];
    for (const p of phones) {
      if (!p.atProvider) {
        released.push(p);
        continue;
      }
      try {
        await voice.releaseNumber(p.sid, sid);
        released.push(p);
      } catch {
        refused.push(p);
      }
    }
    return { released, refused };
  }

  async function record(
    caller: AuthContext,
    client: ClientInfo,
    action: AuditAction,
    teamId: string,
    details: Record<string, unknown>,
  ) {
    await audit.record(db, { action, actorUserId: caller.userId, teamId, ip: client.ip, details });
  }

  const numbers = (ps: SidPhoneDto[]) => ps.map((p) => p.number);
  const fresh = async (sid: string) => {
    const v = await view(sid);
    if (!v.ok) return v;
    const { teamId: _teamId, ...rest } = v.value;
    return ok(rest);
  };

  return {
    async listAccounts(): Promise<{ provider: VoiceProvider['name']; accounts: VoiceAccountDto[] }> {
      const [ours, known] = await Promise.all([voiceAccounts.list(), providerAccounts()]);
      const bySid = new Map((known ?? []).map((a) => [a.sid, a]));
      const accounts: VoiceAccountDto[] = [];
      for (const a of ours) {
        const at = bySid.get(a.sid);
        bySid.delete(a.sid);
        accounts.push({
          sid: a.sid,
          friendlyName: at?.name ?? a.teamName,
          status: at?.status ?? 'unknown',
          team: { _id: a.teamId, name: a.teamName, owner: await ownerName(a.teamId) },
          phoneCount: a.phoneCount,
        });
      }
      // Sub-accounts no team of ours claims (opened by hand, or a team since deleted).
      for (const a of bySid.values())
        accounts.push({ sid: a.sid, friendlyName: a.name, status: a.status, team: null, phoneCount: 0 });
      return { provider: voice.name, accounts };
    },

    getSidPhones: fresh,

    /**
     * Releases the chosen numbers at the provider. Remove drops from the team only what the provider
     * released and answers the spec's refusal naming the owner if it refused any; force remove drops
     * them all, whatever the provider said: the team can no longer call from them.
     */
    async removePhones(caller: AuthContext, input: Selection, client: ClientInfo, force = false) {
      const s = await select(input);
      if (!s.ok) return s;
      const { v, chosen } = s.value;
      const { released, refused } = await release(input.sid, chosen);
      const dropped = force ? chosen : released;
      await voiceAccounts.dropNumbers(
        v.teamId,
        dropped.filter((p) => p.onTeam).map((p) => p.sid),
      );
      await record(caller, client, force ? 'admin.forceRemovePhones' : 'admin.removePhones', v.teamId, {
        sid: input.sid,
        released: numbers(released),
        refused: numbers(refused),
      });
      if (refused.length && !force)
        return fail('CANNOT_REMOVE', fill(serverMessages.adminPhones.cannotRemove, { name: v.name }));
      const result = await fresh(input.sid);
      if (!result.ok) return result;
      return ok({
        message: force
          ? fill(serverMessages.adminPhones.forceRemoved, { name: v.name })
          : serverMessages.adminPhones.removed,
        notReleased: numbers(refused),
        result: result.value,
      });
    },

    async replacePhones(caller: AuthContext, input: Selection, client: ClientInfo) {
      const s = await select(input);
      if (!s.ok) return s;
      const { v, chosen } = s.value;
      const replaced: { from: string; to: string }[] = [];
      let failure: Result<never, AdminPhonesErrorCode> | null = null;
      for (const p of chosen.filter((x) => x.onTeam)) {
        const area = areaCodeOf(p.number);
        // The new number first: a refusal to rent leaves the team with the old one, not with none.
        let next;
        try {
          next = await voice.buyNumber(area, input.sid);
        } catch {
          failure = fail('CANNOT_BUY', fill(serverMessages.adminPhones.cannotBuy, { area: area ?? '—' }));
          break;
        }
        const { refused } = await release(input.sid, [p]);
        if (refused.length) {
          await voice.releaseNumber(next.sid, input.sid).catch(() => undefined);
          failure = fail('CANNOT_REMOVE', fill(serverMessages.adminPhones.cannotRemove, { name: v.name }));
          break;
        }
        await voiceAccounts.swapNumber(v.teamId, p.sid, { number: next.number, providerSid: next.sid });
        replaced.push({ from: p.number, to: next.number });
      }
      await record(caller, client, 'admin.replacePhones', v.teamId, {
        sid: input.sid,
        replaced,
        ...(failure ? { stoppedBy: failure.code } : {}),
      });
      if (failure) return failure;
      if (replaced.length === 0) return fail('NO_PHONES_CHOSEN');
      const result = await fresh(input.sid);
      if (!result.ok) return result;
      return ok({ message: serverMessages.adminPhones.replaced, replaced, result: result.value });
    },
  };
}
