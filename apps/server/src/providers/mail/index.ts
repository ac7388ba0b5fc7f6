import type { FastifyBaseLogger } from 'fastify';
import { createLogMailer } from './log-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';
import type { Mailer } from './mailer.js';

export type { Mail, Mailer } from './mailer.js';

export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, opts.from) : createLogMailer(opts.log);
}
