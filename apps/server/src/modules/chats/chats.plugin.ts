import { servicePlugin } from '../../plugins/services.js';
import { createChatImageStore } from './chat-image-store.js';
import { createChatsService } from './chats.service.js';
import { createSupportAlerts } from './support-alerts.js';

/** Team chats and live support, and the engine that e-mails the staff about unanswered support. */
export const chatsPlugin = servicePlugin<'chats' | 'supportAlerts'>(
  'chats',
  ['realtime', 'notifications', 'records', 'billing'],
  (app, { notifications, records, plans, ledger, mailer }) => {
    const { config, clock } = app;
    const { db } = app.database;
    return {
      chats: createChatsService({
        db,
        clock,
        realtime: () => app.realtime,
        store: createChatImageStore(config.DATA_DIR),
        notifications,
        records,
        staffEmails: config.STAFF_EMAILS,
        billing: { planOf: (teamId) => plans.planOf(teamId), balance: (teamId) => ledger.balance(teamId) },
      }),
      supportAlerts: createSupportAlerts({
        db,
        clock,
        mailer,
        log: app.log,
        staffEmails: config.STAFF_EMAILS,
        minutes: config.SUPPORT_ALERT_MINUTES,
        publicUrl: config.PUBLIC_URL,
        pollMs: Math.min(30_000, config.SUPPORT_ALERT_MINUTES * 15_000),
      }),
    };
  },
);
