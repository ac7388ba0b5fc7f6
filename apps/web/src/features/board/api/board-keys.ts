export const boardKeys = {
  all: ['board'] as const,
  lists: () => [...boardKeys.all, 'list'] as const,
  /** The board as one member filter sees it (null: everybody the viewer may see). */
  list: (filterBy: string | null) => [...boardKeys.lists(), { filterBy }] as const,
  statuses: () => [...boardKeys.all, 'statuses'] as const,
};
