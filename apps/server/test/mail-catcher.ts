import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { decodeQuotedPrintable } from '../../../e2e/fixtures/mail';
import { startTestServer, testBroker, type TTestServer } from './harness';
import { ADMIN } from './accounts';

/** A mail as the catcher accepted it, and when (epoch ms). */
export type TCaughtMail = { to: string; raw: string; text: string; at: number };

/** A real SMTP server in the test process that keeps every mail it receives. */
export async function startMailCatcher(): Promise<{
  url: string;
  mails: TCaughtMail[];
  waitFor(to: string, predicate?: (mail: TCaughtMail) => boolean, timeoutMs?: number): Promise<TCaughtMail>;
  close(): Promise<void>;
}> {
  const mails: TCaughtMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, raw, text: decodeQuotedPrintable(raw), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase() && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The plain-text part of a mail. */
export function plainText(mail: TCaughtMail): string {
  const start = mail.text.search(/Content-Type: text\/plain/i);
  const body = mail.text.slice(mail.text.indexOf('\r\n\r\n', start) + 4);
  return body.slice(0, body.search(/\r\n--/) === -1 ? undefined : body.search(/\r\n--/));
}

/** The four-digit verification code of a mail (the first four-digit number of its text). */
export function codeOf(mail: TCaughtMail): string {
  const match = /\b(\d{4})\b/.exec(plainText(mail));
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail.text}`);
  return match[1];
}

/**
 * The change-password link of a reset mail, as a mail client makes it clickable: from `http` to the
 * next white space of the plain text, taken as it stands (a full stop stuck to it once broke it).
 */
export function linkOf(mail: TCaughtMail): URL {
  const match = /https?:\/\/\S+?\/changepassword\?\S+/.exec(plainText(mail));
  if (!match) throw new Error(`no link in mail:\n${mail.text}`);
  return new URL(match[0]);
}

/** A header of a mail as received, unfolded (long headers arrive on several lines); undefined if absent. */
export function headerOf(mail: TCaughtMail, name: string): string | undefined {
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The unsubscribe link of a notification mail, from its List-Unsubscribe header. */
export function unsubscribeLinkOf(mail: TCaughtMail): URL {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(headerOf(mail, 'List-Unsubscribe') ?? '');
  if (!match?.[1]) throw new Error(`no List-Unsubscribe header in mail:\n${mail.raw}`);
  return new URL(match[1]);
}

export type TMailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/**
 * A test server on this run's broker with the administrator ADMIN, whose mail goes to a mail catcher
 * of its own (the mail specs' start); `env` adds settings. Close both after the spec.
 */
export async function startMailingServer(env: Record<string, string> = {}): Promise<{ server: TTestServer; mail: TMailCatcher }> {
  const mail = await startMailCatcher();
  const server = await startTestServer(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: mail.url, ...env },
    { broker: testBroker() },
  );
  return { server, mail };
}
