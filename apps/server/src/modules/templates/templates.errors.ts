export type TemplatesErrorCode =
  | 'TEMPLATE_GROUP_NOT_FOUND'
  | 'TEMPLATE_NOT_FOUND'
  | 'SUBTEMPLATE_NOT_FOUND'
  | 'QUICK_REPLY_NOT_FOUND'
  /** A placeholder names nothing: the service passes templateProblem's text. */
  | 'TEMPLATE_INVALID'
  | 'SUBTEMPLATE_NO_VALUES'
  | 'SUBTEMPLATE_EXISTS'
  | 'PERMISSION_REQUIRED';
