import {
  clampPpgl,
  messages,
  onboardingProblem,
  teamHoursProblem,
  type CurrentUser,
  type TeamContactHours,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { SettingsErrorCode } from './settings.errors.js';
import * as q from './settings.queries.js';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** Team-wide settings of Settings > Other: time zone, daily texting limit, company name, sub-users. Admins only. */
export function createSettingsService(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  /** The daily limit is part of what the SMS Gateway app's phones are told (their settings). */
  paceChanged: (teamId: string) => void;
}) {
  const { db, clock } = deps;

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

    /** The contract has checked the code (a country libphonenumber knows). */
    async changeCountry(
      auth: AuthContext,
      country: string,
    ): Promise<Result<{ country: string }, SettingsErrorCode>> {
      const saved = await save(auth, { country });
      return saved.ok ? ok({ country: saved.value.country }) : saved;
    },

    /** Stored capped: a larger limit becomes 200. */
    async changePpgl(auth: AuthContext, ppgl: number): Promise<Result<{ ppgl: number }, SettingsErrorCode>> {
      const saved = await save(auth, { ppgl: clampPpgl(ppgl) });
      if (!saved.ok) return saved;
      deps.paceChanged(auth.teamId);
      return ok({ ppgl: saved.value.ppgl });
    },

    async contactHours(auth: AuthContext): Promise<Result<TeamContactHours, SettingsErrorCode>> {
      const row = await q.findContactHours(db, auth.teamId);
      return row ? ok(row) : fail('TEAM_NOT_FOUND');
    },

    /** Only stricter than the law: looser hours change nothing and say why (ADR 038). */
    async changeContactHours(
      auth: AuthContext,
      hours: TeamContactHours,
    ): Promise<Result<TeamContactHours, SettingsErrorCode>> {
      if (auth.user.role !== 'admin') return fail('PERMISSION_REQUIRED');
      const problem = teamHoursProblem(hours);
      if (problem) return fail('CONTACT_HOURS_LOOSER', problem);
      const saved = await save(auth, { contactStartHour: hours.startHour, contactEndHour: hours.endHour });
      return saved.ok
        ? ok({ startHour: saved.value.contactStartHour, endHour: saved.value.contactEndHour })
        : saved;
    },

    /** The contract has already dropped unnamed rows and checked the phones. */
    async updateSubUsers(
      auth: AuthContext,
      subUsers: { name: string; phone: string }[],
    ): Promise<Result<{ subUsers: { name: string; phone: string }[] }, SettingsErrorCode>> {
      const saved = await save(auth, { subUsers });
      return saved.ok ? ok({ subUsers: saved.value.subUsers }) : saved;
    },

    async editProfile(auth: AuthContext, name: string): Promise<Result<{ name: string }, SettingsErrorCode>> {
      const saved = await save(auth, { name });
      if (!saved.ok) return saved;
      // Every teammate's top bar shows the company name (the realtime sweep found this one missing).
      deps.realtime().toTeam(auth.teamId, 'teamProfileChanged', {
        name: saved.value.name,
        avatar: saved.value.avatar,
      });
      return ok({ name: saved.value.name });
    },

    /**
     * Finishes onboarding: every gate is checked again here, the first unmet one refuses with its
     * message (spec part 2 §5 'Onboarding gates'). Answers the current user, now onboarded.
     */
    async boarded(auth: AuthContext): Promise<Result<{ user: CurrentUser }, SettingsErrorCode>> {
      if (auth.user.role !== 'admin') return fail('PERMISSION_REQUIRED', messages.onboarding.adminOnly);
      const facts = await q.onboardingFacts(db, auth.teamId, auth.userId, clock.now());
      if (!facts) return fail('TEAM_NOT_FOUND');
      const problem = onboardingProblem(facts);
      if (problem) return fail('ONBOARDING_INCOMPLETE', problem);
      const saved = await save(auth, { onboarded: true });
      if (!saved.ok) return saved;
      const { name, timezone, ppgl, onboarded } = saved.value;
      return ok({
        user: {
          ...auth.user,
          name: facts.userName,
          team: { ...auth.user.team, name, timezone, ppgl, onboarded },
        },
      });
    },
  };
}
