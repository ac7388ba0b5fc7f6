/** Expected failures of Settings > Data Fields; their statuses and messages are in lib/errors.ts. */
export type DataFieldsErrorCode =
  | 'PERMISSION_REQUIRED'
  /** The sections break a rule: the service passes sectionsProblem's text. */
  | 'SECTIONS_INVALID';
