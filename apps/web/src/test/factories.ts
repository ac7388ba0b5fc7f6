import type { CurrentUser, TeamSummary } from '@prospector/core';

type UserOverrides = Partial<Omit<CurrentUser, 'team'>> & { team?: Partial<TeamSummary> };

export function buildUser(overrides: UserOverrides = {}): CurrentUser {
  const { team, ...rest } = overrides;
  return {
    _id: 'user-1',
    email: 'ann@acme.test',
    name: 'Ann Walker',
    role: 'admin',
    permissions: [],
    dataAccess: 'All data',
    avatar: null,
    phone: null,
    isStaff: false,
    impersonatedBy: null,
    ...rest,
    team: { _id: 'team-1', name: 'Acme Realty', onboarded: true, timezone: 'America/New_York', ...team },
  };
}
