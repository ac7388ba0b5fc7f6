import type { AuthContext } from '../../lib/auth-context.js';

/** Admins and 'All data' members see every record of the team; others only records assigned to them. */
export function seesAllData(auth: AuthContext): boolean {
  return auth.user.role === 'admin' || auth.user.dataAccess === 'All data';
}

export function canAccessItem(auth: AuthContext, item: { teamId: string; assignedTo: string[] }) {
  if (item.teamId !== auth.teamId) return 'ITEM_NOT_FOUND' as const;
  if (!seesAllData(auth) && !item.assignedTo.includes(auth.userId)) return 'ITEM_FORBIDDEN' as const;
  return null;
}
