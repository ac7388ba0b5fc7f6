/**
 * The web app's paths (spec part 2 §2, route table): the router, every link and navigation of the web,
 * the menus of rules/navigation and the server's links back into the app name a screen through this
 * table, never by a string spelled by hand (ADR 058; the web's lint refuses one).
 */

/** The names of a pattern's `:params`: `'/lists/:id'` → `'id'`. */
export type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with parameters: its pattern for the router, and `href` to build one of its addresses. */
export type ParamPath<Pattern extends string> = {
  pattern: Pattern;
  href: (params: Record<PathParams<Pattern>, string>) => string;
};

function withParams<Pattern extends string>(pattern: Pattern): ParamPath<Pattern> {
  return {
    pattern,
    href: (params) =>
      pattern.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent((params as Record<string, string>)[name]!),
      ),
  };
}

export const paths = {
  home: '/',
  login: '/login',
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  messenger: '/messenger',
  dialler: '/dialler',
  campaigns: '/campaigns',
  campaignBuilder: '/campaign-builder',
  lists: '/lists',
  list: withParams('/lists/:id'),
  import: '/import',
  importDnc: '/import-dnc',
  exportContacts: '/export-contacts',
  kpis: '/kpis',
  /** Spec part 2 §1: the same screen as Settings → Billing, for the same people. */
  billing: '/billing',
  templates: {
    root: '/templates',
    sms: '/templates/sms',
    subtemplates: '/templates/subtemplates',
    quickReplies: '/templates/quick-replies',
  },
  settings: {
    root: '/settings',
    team: '/settings/team',
    dataFields: '/settings/data-fields',
    statuses: '/settings/statuses',
    devices: '/settings/devices',
    replies: '/settings/replies',
    billing: '/settings/billing',
    other: '/settings/other',
    affiliate: '/settings/affiliate',
    websites: '/settings/websites',
    becomeAffiliate: '/settings/become-affiliate',
  },
  admin: {
    root: '/admin',
    teams: '/admin/teams',
    suspension: '/admin/suspension',
    audit: '/admin/audit',
  },
  /** The public API's reference, served by the server beside the app. */
  apiDocs: '/api/v1/docs',
} as const;

/** Whether `pathname` is `section` or one of the pages under it. */
export function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}
