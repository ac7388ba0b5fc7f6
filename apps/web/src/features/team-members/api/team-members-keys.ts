export const teamMembersKeys = {
  all: ['team-members'] as const,
  list: () => [...teamMembersKeys.all, 'list'] as const,
  itemCount: (userId: string) => [...teamMembersKeys.all, 'item-count', userId] as const,
};
