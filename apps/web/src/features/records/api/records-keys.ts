export const recordKeys = {
  all: ['records'] as const,
  details: () => [...recordKeys.all, 'detail'] as const,
  detail: (id: string) => [...recordKeys.details(), id] as const,
  /** Every task of a record, completed ones included (the hide-completed toggle turned off). */
  tasks: (id: string) => [...recordKeys.all, 'tasks', id] as const,
  /** A street-view photo by address (from the maps service, fetched once per address). */
  streetView: (address: string) => [...recordKeys.all, 'street-view', address] as const,
  /** Whether a property can be skip traced, and at what price. */
  skiptrace: (id: string) => [...recordKeys.all, 'skiptrace', id] as const,
  /** The team's records of a type matching what is typed in a panel's add box. */
  linkSuggestions: (type: string, text: string) =>
    [...recordKeys.all, 'link-suggestions', type, text] as const,
};
