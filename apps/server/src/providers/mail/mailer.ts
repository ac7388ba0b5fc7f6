export type Mail = { to: string; subject: string; text: string; html?: string };

/** 'smtp' delivers; 'log' prints the mail to the server log (the embedded default, never in production). */
export type Mailer = { kind: 'smtp' | 'log'; send(mail: Mail): Promise<void>; close(): Promise<void> };
