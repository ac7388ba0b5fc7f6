import type { CurrentUser } from '@prospector/core';

/** Who calls: the session, its user and team. The route guard sets it; services take it first. */
export type AuthContext = {
  sessionId: string;
  userId: string;
  teamId: string;
  user: CurrentUser;
  /** When a staff member gave their second factor in this session (ADR 025); null when never. */
  secondFactorAt: Date | null;
  /** The staff member who opened this session by impersonation; null for the user's own session. */
  impersonatorId: string | null;
};

/** Where a call comes from, kept with sessions and in the audit log. */
export type ClientInfo = { ip: string; userAgent?: string | undefined };
