/** A page of the list detail; `type` is what the left pane shows (properties unless told). */
export type ListPage = {
  skip: number;
  search: string;
  type?: 'property' | 'contact' | 'company';
  /** The user picked `type` (a list without properties otherwise opens on its contacts). */
  chosen?: boolean;
};

export const listsKeys = {
  all: ['lists'] as const,
  lists: () => [...listsKeys.all, 'list'] as const,
  /** The lists page as one search sees it ('' = every list). */
  list: (search: string) => [...listsKeys.lists(), { search }] as const,
  stats: (id: string) => [...listsKeys.all, 'stats', id] as const,
  details: () => [...listsKeys.all, 'detail'] as const,
  detailsOf: (id: string) => [...listsKeys.details(), id] as const,
  /** One page of a list's properties (25 from `skip`) for one search. */
  detail: (id: string, page: ListPage) => [...listsKeys.detailsOf(id), page] as const,
  /** The list's latest skip trace, what a new one would trace, and its prices. */
  skiptrace: (id: string) => [...listsKeys.all, 'skiptrace', id] as const,
};
