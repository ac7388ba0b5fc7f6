import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // The built-in certificate has expired (PITFALLS.md); loopback needs no TLS.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > until) throw new Error(`no mail: ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (email: string) => received.filter((m) => m.to.includes(email)),
    /** The login code of the newest mail to this address, waiting for it to arrive. */
    async codeFor(email: string, nth = 1): Promise<string> {
      const mail = await waitFor(() => {
        const mails = received.filter((m) => m.to.includes(email));
        return mails.length >= nth ? mails[nth - 1] : undefined;
      }, `login code #${nth} for ${email}`);
      const match = /(?:login code|confirm this e-mail): (\d{6})/.exec(mail.raw);
      if (!match) throw new Error(`mail to ${email} has no login code`);
      return match[1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
