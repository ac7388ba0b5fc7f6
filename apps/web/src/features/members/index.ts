export { useMembers } from './api/get-members';
export { membersKeys } from './api/members-keys';
