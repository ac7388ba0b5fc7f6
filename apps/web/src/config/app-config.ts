/** Build-time settings of the web app; the only place that reads import.meta.env. */
export const appConfig = {
  /** The API and the Socket.IO server share the page's origin (Vite proxies them in development). */
  apiOrigin: '',
  /**
   * Development and tests parse every API answer with its contract's response schema, so a server and
   * a client (or a test's fake server) that disagree fail loudly; the production build trusts the
   * server, which serializes through the same schema.
   */
  parsesResponses: !import.meta.env.PROD,
} as const;
