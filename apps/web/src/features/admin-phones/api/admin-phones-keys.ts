/** One cache for the suspension page: the sub-accounts, and each sid's phones. */
export const adminPhonesKeys = {
  all: ['admin-phones'] as const,
  accounts: () => [...adminPhonesKeys.all, 'accounts'] as const,
  sid: (sid: string) => [...adminPhonesKeys.all, 'sid', sid] as const,
};
