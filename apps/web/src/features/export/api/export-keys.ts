export const exportKeys = {
  all: ['export'] as const,
  counts: () => [...exportKeys.all, 'counts'] as const,
};
