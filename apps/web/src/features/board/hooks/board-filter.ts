import type { CurrentUser } from '@prospector/core';

/**
 * The member filter (spec part 1 §2.3, §6): open to admins and 'All data' members. A member's board
 * starts on their own records; an admin's on everybody's (null). 'Only assigned' members always see
 * their own (the server enforces it too).
 */
export function boardFilterFor(user: Pick<CurrentUser, '_id' | 'role' | 'dataAccess'>) {
  const isAdmin = user.role === 'admin';
  return {
    canFilter: isAdmin || user.dataAccess === 'All data',
    defaultFilter: isAdmin ? null : user._id,
  };
}
