/**
 * Who may write each table (ADR 048, issue 34 item 1). A domain owns its tables and is written through
 * its service by everyone else; `test/table-owners.test.ts` reads every server folder's writes (the
 * reading `npm run docs:map` uses) and fails on a write this file does not allow. The two lists at the
 * end only shrink: an entry the code no longer needs fails the test too.
 */

/** A domain: the server folders that make it up and the tables it owns. */
type Domain = { folders: readonly string[]; tables: readonly string[] };

export const DOMAINS: Record<string, Domain> = {
  admin: {
    folders: ['modules/admin'],
    tables: ['staff_second_factors', 'staff_recovery_codes', 'team_sms_days'],
  },
  affiliates: {
    folders: ['modules/affiliates'],
    tables: ['affiliate_accounts', 'affiliate_signups', 'affiliate_entries'],
  },
  audit: { folders: ['modules/audit'], tables: ['audit_log', 'audit_folds'] },
  auth: { folders: ['modules/auth'], tables: ['login_codes', 'sessions'] },
  billing: {
    folders: ['modules/billing'],
    tables: [
      'credit_accounts',
      'credit_holds',
      'credit_entries',
      'payment_accounts',
      'payment_events',
      'payments',
    ],
  },
  calls: {
    folders: ['modules/calls'],
    tables: [
      'call_numbers',
      'voice_accounts',
      'voicemails',
      'call_queue',
      'calls',
      'status_call_settings',
      'user_call_settings',
    ],
  },
  // The engine that sends a campaign is part of its domain (issue 34 item 3 moves it into the module).
  campaigns: {
    folders: ['modules/campaigns', 'modules/campaigns/engine'],
    tables: ['campaigns', 'campaign_recipients', 'device_campaign_days'],
  },
  chats: { folders: ['modules/chats'], tables: ['chats', 'chat_members', 'chat_messages'] },
  dataFields: { folders: ['modules/data-fields'], tables: ['entity_sections'] },
  devices: {
    folders: ['modules/devices'],
    tables: ['devices', 'device_codes', 'sms_jobs', 'device_inbound'],
  },
  hooks: {
    folders: ['modules/hooks', 'modules/hooks/engine'],
    tables: ['webhook_endpoints', 'webhook_deliveries', 'webhook_attempts', 'rate_counts'],
  },
  lists: {
    folders: ['modules/lists', 'modules/lists/engine'],
    tables: ['uploads', 'lists', 'list_items', 'import_jobs', 'import_mappings', 'dnc_phones'],
  },
  notifications: { folders: ['modules/notifications'], tables: ['notifications'] },
  publicApi: { folders: ['modules/public-api'], tables: ['api_keys', 'api_idempotency'] },
  records: {
    folders: ['modules/records'],
    // phone_history is written only by the database's triggers on identifiers (ADR 038).
    tables: [
      'statuses',
      'items',
      'identifiers',
      'item_keys',
      'item_links',
      'tasks',
      'messages',
      'phone_history',
      'bulk_jobs',
      'bulk_job_items',
    ],
  },
  replies: {
    folders: ['modules/replies'],
    tables: ['reply_labels', 'reply_actions', 'reply_action_settings'],
  },
  skiptrace: {
    folders: ['modules/skiptrace'],
    tables: ['skiptrace_runs', 'skiptrace_run_items', 'skiptrace_batches'],
  },
  teams: { folders: ['modules/teams'], tables: ['teams', 'users'] },
  templates: {
    folders: ['modules/templates'],
    tables: ['template_groups', 'templates', 'subtemplates', 'quick_replies'],
  },
};

/** Deliberate writers to another domain's tables, each with the reason it may. */
export const BULK_WRITERS: Record<string, Record<string, string>> = {
  'modules/lists/engine': {
    items: 'the import worker stacks a chunk of thousands of records in one statement (ADR 006)',
    identifiers: 'the same statement writes their phones and e-mails',
    item_keys: 'the same statement writes their stacking keys',
    item_links: "the chunk's links between the records it made",
  },
};
