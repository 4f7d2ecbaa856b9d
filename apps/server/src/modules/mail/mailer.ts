import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { AppConfig } from '../../config/env';
import { newId } from '../../lib/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
}

const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Sends without making the caller wait: a slow or broken mail server never holds up
 * (or fails) a sign-up, and a reset request answers in the same time whether or not
 * a mail goes out. Failures are logged. `flushMail` waits for what is still going out.
 */
export function sendInBackground(
  mailer: Mailer,
  message: MailMessage,
  onError: (err: unknown) => void = (err) =>
    console.error(`mail "${message.subject}" to ${message.to} failed:`, err),
): void {
  let pending = inFlight.get(mailer);
  if (!pending) inFlight.set(mailer, (pending = new Set()));
  const p: Promise<void> = mailer
    .send(message)
    .catch(onError)
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Resolves when every mail sent in the background through `mailer` so far has gone (or failed). */
export async function flushMail(mailer: Mailer): Promise<void> {
  const pending = inFlight.get(mailer);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

/** Mails sent and failed by each mailer `createMailer` built (for /metrics). */
const counts = new WeakMap<Mailer, { sent: number; failed: number }>();

/** Mails still going out in the background, and the sent and failed totals (0 for other mailers). */
export function mailStats(mailer: Mailer): { queued: number; sent: number; failed: number } {
  const c = counts.get(mailer);
  return { queued: inFlight.get(mailer)?.size ?? 0, sent: c?.sent ?? 0, failed: c?.failed ?? 0 };
}

function counted(mailer: Mailer): Mailer {
  const c = { sent: 0, failed: 0 };
  const out: Mailer = {
    kind: mailer.kind,
    async send(m) {
      try {
        await mailer.send(m);
        c.sent++;
      } catch (e) {
        c.failed++;
        throw e;
      }
    },
  };
  counts.set(out, c);
  return out;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every message is
 * written to DATA_DIR/outbox/ as an .eml file and its first link is logged,
 * so the embedded default works offline.
 */
export function createMailer(
  config: AppConfig,
  log: Log = { info: (o, m) => console.log(m, o) },
): Mailer {
  return counted(createTransportMailer(config, log));
}

function createTransportMailer(config: AppConfig, log: Log): Mailer {
  // nodemailer loads with the first mail, not at every start (docs/architecture.md: startup).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = (options: string | StreamTransport.Options) =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(options)));
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    return {
      kind: 'smtp',
      async send(m) {
        await (await transportOnce(smtpUrl)).sendMail({ from: config.mailFrom, ...m });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(m) {
      const streaming = await transportOnce({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = await streaming.sendMail({ from: config.mailFrom, ...m });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(m.text)?.[0];
      log.info({ to: m.to, file, link }, `mail "${m.subject}" written to the outbox`);
    },
  };
}
