/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives,
 * parsed by mailparser. Pass `url` as SMTP_URL to buildTestApp and read mails with
 * `waitForMail(to)`.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients, lower-case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link in the text part. */
  link: string | undefined;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every mail received so far, oldest first. */
  messages: CapturedMail[];
  /**
   * The oldest mail to `to` not yet taken by an earlier call (optionally whose subject
   * matches), waiting for it up to `timeoutMs`.
   */
  waitForMail(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<CapturedMail>;
  /** Mails to `to` received so far (taken or not). */
  mailsTo(to: string): CapturedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            link: /https?:\/\/\S+/.exec(text)?.[0],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (to: string) => messages.filter((m) => m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    waitForMail(to, opts = {}) {
      const find = () =>
        mailsTo(to).find((m) => !taken.has(m) && (!opts.subject || opts.subject.test(m.subject)));
      return new Promise<CapturedMail>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          taken.add(found);
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no mail to ${to} within ${opts.timeoutMs ?? 10_000} ms (got ${messages.length} in all)`,
            ),
          );
        }, opts.timeoutMs ?? 10_000);
        const wake = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
