import { PERMISSION_KEYS, type DataAccess, type PermissionKey } from '../constants.js';

/** Settings > Team (spec part 2 §5, §6). */

/** Sub-user and member phones: optional +, 3-digit area, 3 digits, then 4 to 6 digits; separators aside. */
const MEMBER_PHONE = /^\+?\d{3}\d{3}\d{4,6}$/;

export function isValidMemberPhone(phone: string): boolean {
  return MEMBER_PHONE.test(phone.replace(/[\s().-]/g, ''));
}

/** The edit-member e-mail is sent only when longer than 7 characters; a shorter one keeps the old address. */
export const MIN_SENT_MEMBER_EMAIL = 8;

export function memberEmailToSend(email: string): string | undefined {
  const trimmed = email.trim();
  return trimmed.length >= MIN_SENT_MEMBER_EMAIL ? trimmed : undefined;
}

/** Adding a member from Settings > Team grants every permission key and 'All data'. */
export function newMemberDefaults(): { permissions: PermissionKey[]; dataAccess: DataAccess } {
  return { permissions: [...PERMISSION_KEYS], dataAccess: 'All data' };
}

/** Two-letter initials of a member for the avatar: first letters of the first two words, else of the e-mail. */
export function memberInitials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return email.slice(0, 2).toUpperCase();
}

type Viewer = { _id: string; role: 'admin' | 'member'; permissions: readonly PermissionKey[] };
type Target = { _id: string; role: 'admin' | 'member' };

const managesMembers = (v: Viewer) => v.role === 'admin' || v.permissions.includes('members');

/** Adding members: the admin, or the `members` permission. */
export function mayAddMember(viewer: Viewer): boolean {
  return managesMembers(viewer);
}

/** The admin edits anyone; anyone edits self; the `members` permission edits other members, not the admin. */
export function mayEditMember(viewer: Viewer, target: Target): boolean {
  if (viewer.role === 'admin' || viewer._id === target._id) return true;
  return managesMembers(viewer) && target.role !== 'admin';
}

/** Permissions and data access of a member other than the admin; one's own only when admin. */
export function mayEditMemberAccess(viewer: Viewer, target: Target): boolean {
  if (target.role === 'admin') return false;
  if (viewer._id === target._id) return viewer.role === 'admin';
  return managesMembers(viewer);
}

/** Removing: the admin or the `members` permission, never oneself nor the admin. */
export function mayRemoveMember(viewer: Viewer, target: Target): boolean {
  return managesMembers(viewer) && viewer._id !== target._id && target.role !== 'admin';
}
