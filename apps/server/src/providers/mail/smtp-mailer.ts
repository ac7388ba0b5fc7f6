import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
