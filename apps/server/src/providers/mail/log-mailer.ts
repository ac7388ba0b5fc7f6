import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.js';

/** Without SMTP_URL a newcomer still logs in: the mail, code included, goes to the server log. */
export function createLogMailer(log: Pick<FastifyBaseLogger, 'warn'>): Mailer {
  return {
    kind: 'log',
    async send(mail) {
      log.warn(`E-mail to ${mail.to} not sent (SMTP_URL is not set): "${mail.subject}"`);
    },
    async close() {},
  };
}
