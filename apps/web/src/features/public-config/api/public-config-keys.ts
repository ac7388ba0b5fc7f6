export const publicConfigKeys = {
  all: ['public-config'] as const,
  detail: () => [...publicConfigKeys.all, 'detail'] as const,
};
