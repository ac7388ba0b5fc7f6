/** Build-time settings of the web app; the only place that reads import.meta.env. */
export const appConfig = {
  /** The API and the Socket.IO server share the page's origin (Vite proxies them in development). */
  apiOrigin: '',
  isDevelopment: import.meta.env.DEV,
} as const;
