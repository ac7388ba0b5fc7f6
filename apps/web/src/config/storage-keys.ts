/** localStorage keys shared with the original product, so a stored session survives an upgrade. */
export const STORAGE_KEYS = {
  token: 'token',
  /** The staff member's own token while they are impersonating someone. */
  oldToken: 'oldToken',
  affId: 'affId',
} as const;
