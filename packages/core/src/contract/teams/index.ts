export { teamMemberDto, type TeamMemberDto } from './dto.js';
export { listTeamMembers } from './list-team-members.js';
export { addMember } from './add-member.js';
export { editMember } from './edit-member.js';
export { confirmMemberEmail } from './confirm-member-email.js';
export { removeMember } from './remove-member.js';
export { countUserItems } from './count-user-items.js';
export { changeAvatar, editTeamAvatar, AVATAR_FILES_PATH, AVATAR_FILE_NAME } from './avatars.js';
