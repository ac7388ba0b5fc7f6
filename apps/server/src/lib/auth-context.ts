import type { CurrentUser } from '@prospector/core';

/** Who calls: the session, its user and team. The route guard sets it; services take it first. */
export type AuthContext = { sessionId: string; userId: string; teamId: string; user: CurrentUser };

/** Where a call comes from, kept with sessions and in the audit log. */
export type ClientInfo = { ip: string; userAgent?: string | undefined };
