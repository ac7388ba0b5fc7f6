import { can, type StatusCallSettingsDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { RecordsErrorCode, StatusesService } from '../records/index.js';
import type { CallsErrorCode } from './calls.errors.js';
import * as q from './status-call-settings.queries.js';

type R<T> = Promise<Result<T, CallsErrorCode | RecordsErrorCode>>;

export type StatusCallSettingsService = ReturnType<typeof createStatusCallSettingsService>;

const toCallSettingsDto = (s: {
  statusId: string;
  forward: boolean;
  forwardTo: string | null;
  autoRvm: boolean;
  selectedVm: string | null;
}): StatusCallSettingsDto => ({
  _id: s.statusId,
  forward: s.forward,
  forwardTo: s.forwardTo,
  autoRvm: s.autoRvm,
  selectedVm: s.selectedVm,
});

type EditInput = {
  _id: string;
  forward: boolean;
  forwardTo: string | null;
  autoRvm: boolean;
  selectedVm: string | null;
};
type Deps = { db: Db; statuses: Pick<StatusesService, 'findEditable'> };

/** Every status's call settings, and the members and voicemails the dialog offers. */
async function listSettings(db: Db, auth: AuthContext) {
  if (!can(auth.user, 'statuses')) return fail('PERMISSION_REQUIRED');
  const [rows, members, vms] = await Promise.all([
    q.listStatusCallSettings(db, auth.teamId),
    q.membersWithForwardNumbers(db, auth.teamId),
    q.listTeamVoicemails(db, auth.teamId),
  ]);
  return ok({
    settings: rows.map(toCallSettingsDto),
    members: members.map((m) => ({ _id: m.id, name: m.name, hasPhone: !!m.number })),
    voicemails: vms.map((v) => ({ _id: v.id, name: v.name })),
  });
}

/**
 * Saves a status's call settings: forward needs a member of the team with a number to ring;
 * selectedVm must be a voicemail of the team.
 */
async function editSettings(
  { db, statuses }: Deps,
  auth: AuthContext,
  p: EditInput,
): R<StatusCallSettingsDto> {
  const found = await statuses.findEditable(auth, p._id);
  if (!found.ok) return found;
  if (p.forward && !p.forwardTo) return fail('FORWARD_TO_REQUIRED');
  if (p.forwardTo) {
    const member = (await q.membersWithForwardNumbers(db, auth.teamId)).find((m) => m.id === p.forwardTo);
    if (!member) return fail('MEMBER_NOT_FOUND');
    if (p.forward && !member.number) return fail('FORWARD_TO_NO_PHONE');
  }
  if (p.selectedVm && !(await q.listTeamVoicemails(db, auth.teamId)).some((v) => v.id === p.selectedVm))
    return fail('STATUS_VM_NOT_FOUND');
  const row = await q.upsertStatusCallSettings(db, {
    statusId: p._id,
    teamId: auth.teamId,
    forward: p.forward,
    forwardTo: p.forwardTo,
    autoRvm: p.autoRvm,
    selectedVm: p.selectedVm,
  });
  return ok(toCallSettingsDto(row));
}

/**
 * Settings > Statuses' call settings: where a call whose contact lands in a status is forwarded, and
 * the voicemail it drops. The table is the calls module's (ADR 048); the status is the records
 * module's, asked through its statuses service (the statuses permission, the caller's team).
 */
export function createStatusCallSettingsService(deps: Deps) {
  return {
    list: (auth: AuthContext) => listSettings(deps.db, auth),
    edit: (auth: AuthContext, p: EditInput) => editSettings(deps, auth, p),
  };
}
