export const searchKeys = {
  all: ['search'] as const,
  results: (type: string, text: string) => [...searchKeys.all, 'results', { type, text }] as const,
};
