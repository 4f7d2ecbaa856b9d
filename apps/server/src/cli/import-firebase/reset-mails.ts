/**
 * `--send-reset-emails`: a password-reset mail to each imported account that has no password
 * yet, through Better Auth and the configured mailer (SMTP_URL, or the outbox folder), the same
 * mail "Forgot password" sends. Off by default: the accounts are told when they try to sign in.
 */
import { RESET_PASSWORD_ROUTE } from '@otakura/shared';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env';
import { queryRows, type Database } from '../../db/client';
import { createAuth } from '../../modules/auth/auth';
import { createMailer, flushMail, mailStats } from '../../modules/mail/mailer';

/** Emails of imported accounts without a password (no credential account yet). */
export async function accountsWithoutPassword(database: Database): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    database.db,
    sql`select u.email from users u
        join import_records r on r.collection = 'users' and r.local_id = u.id::text
        where not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')
        order by u.email`,
  );
  return rows.map((r) => r.email);
}

/** Sends the reset mails; answers how many went out and how many failed. */
export async function sendResetMails(
  config: AppConfig,
  database: Database,
  log: (m: string) => void = () => {},
): Promise<{ sent: number; failed: number }> {
  const mailer = createMailer(config, { info: () => {} });
  const errors: unknown[] = [];
  const auth = createAuth({
    config,
    database,
    mailer,
    log: { error: (obj) => errors.push(obj) },
  });
  const emails = await accountsWithoutPassword(database);
  log(`sending ${emails.length} password reset mails…`);
  for (const email of emails) {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_ROUTE } });
  }
  await flushMail(mailer);
  const stats = mailStats(mailer);
  return { sent: stats.sent, failed: stats.failed };
}
