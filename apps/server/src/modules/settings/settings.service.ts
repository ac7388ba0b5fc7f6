import { clampPpgl } from '@prospector/core';
import type { Db } from '../../db/client.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../auth/index.js';
import type { SettingsErrorCode } from './settings.errors.js';
import * as q from './settings.queries.js';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** Team-wide settings of Settings > Other: time zone, daily texting limit, company name. Admins only. */
export function createSettingsService(deps: { db: Db }) {
  const { db } = deps;

  async function save(auth: AuthContext, patch: Parameters<typeof q.updateTeamSettings>[2]) {
    if (auth.user.role !== 'admin') return fail('PERMISSION_REQUIRED');
    const row = await q.updateTeamSettings(db, auth.teamId, patch);
    return row ? ok(row) : fail('TEAM_NOT_FOUND');
  }

  return {
    /** The zone is checked by the contract (an IANA name); the label the user saw is not kept. */
    async updateTimezone(
      auth: AuthContext,
      timezone: string,
    ): Promise<Result<{ timezone: string }, SettingsErrorCode>> {
      const saved = await save(auth, { timezone });
      return saved.ok ? ok({ timezone: saved.value.timezone ?? timezone }) : saved;
    },

    /** Stored capped: a larger limit becomes 200. */
    async changePpgl(auth: AuthContext, ppgl: number): Promise<Result<{ ppgl: number }, SettingsErrorCode>> {
      const saved = await save(auth, { ppgl: clampPpgl(ppgl) });
      return saved.ok ? ok({ ppgl: saved.value.ppgl }) : saved;
    },

    async editProfile(auth: AuthContext, name: string): Promise<Result<{ name: string }, SettingsErrorCode>> {
      const saved = await save(auth, { name });
      return saved.ok ? ok({ name: saved.value.name }) : saved;
    },
  };
}
