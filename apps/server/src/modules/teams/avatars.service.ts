import { avatarProblem, imageTypeOf, isValidCompanyName, messages } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { UploadedImage } from '../../lib/image-form.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { avatarCopy } from '../../lib/avatar-image.js';
import type { AvatarStore } from '../../lib/avatar-store.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { TeamsErrorCode } from './teams.errors.js';
import * as q from './avatars.queries.js';
import { findTeamMember } from './team-members.queries.js';
import { editMemberEvent, toTeamMemberDto } from './team-members.service.js';

export type AvatarsService = ReturnType<typeof createAvatarsService>;

/**
 * A member's own avatar and the company avatar (admin only). The type is read from the bytes, never
 * from the name or the client's mime type; the picture is refused by its dimensions and stored as a
 * copy at most 512 px on a side; a refused file leaves nothing on disk and nothing changed.
 */
export function createAvatarsService(deps: { db: Db; store: AvatarStore; realtime: () => Realtime }) {
  const { db, store } = deps;

  /** Checks and stores the image; answers its URL, or the message saying why it was refused. */
  async function saveImage(file: UploadedImage | null): Promise<Result<string, TeamsErrorCode>> {
    if (!file) return fail('AVATAR_INVALID', messages.avatars.missing);
    const problem = file.truncated ? messages.avatars.tooLarge : avatarProblem(file.bytes);
    const type = imageTypeOf(file.bytes);
    if (problem || !type) return fail('AVATAR_INVALID', problem ?? messages.avatars.wrongType);
    const copy = await avatarCopy(file.bytes, type);
    if (!copy.ok) return fail('AVATAR_INVALID', copy.message);
    return ok(await store.save(copy.bytes, type));
  }

  return {
    /** Always the caller's own avatar: there is no user id to aim at another member. */
    async changeOwn(
      auth: AuthContext,
      file: UploadedImage | null,
    ): Promise<Result<{ avatar: string }, TeamsErrorCode>> {
      const saved = await saveImage(file);
      if (!saved.ok) return saved;
      const replaced = await q.replaceUserAvatar(db, auth.teamId, auth.userId, saved.value);
      if (!replaced) {
        await store.remove(saved.value);
        return fail('TEAM_MEMBER_NOT_FOUND');
      }
      await store.remove(replaced.previous);
      const member = await findTeamMember(db, auth.teamId, auth.userId);
      if (member) {
        deps.realtime().toTeam(auth.teamId, 'editMember', editMemberEvent(toTeamMemberDto(member)));
      }
      return ok({ avatar: saved.value });
    },

    /** The caller's company: its avatar, and its name when the form sends one. */
    async changeCompany(
      auth: AuthContext,
      file: UploadedImage | null,
      name: string | undefined,
    ): Promise<Result<{ name: string; avatar: string }, TeamsErrorCode>> {
      if (auth.user.role !== 'admin') return fail('PERMISSION_REQUIRED');
      const newName = name?.trim();
      if (newName !== undefined && (newName.length > 100 || !isValidCompanyName(newName)))
        return fail('COMPANY_NAME_INVALID');
      const saved = await saveImage(file);
      if (!saved.ok) return saved;
      const replaced = await q.replaceTeamAvatar(db, auth.teamId, saved.value, newName);
      if (!replaced) {
        await store.remove(saved.value);
        return fail('TEAM_NOT_FOUND');
      }
      await store.remove(replaced.previous);
      const profile = { name: replaced.name, avatar: saved.value };
      deps.realtime().toTeam(auth.teamId, 'teamProfileChanged', profile);
      return ok(profile);
    },
  };
}
