import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_HEADER } from '@otakura/shared';
import { loadConfig } from '../../config/env';
import { buildTestApp, type TestApp } from '../../test/app';
import { createMailer, flushMail } from '../mail/mailer';
import { flushResetRequests } from './auth.routes';
import { verificationMail } from '../mail/templates';
import { TestClient, uniqueUser } from './auth.test-helpers';

// Password hashing and proof-of-work make these slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(); // no SMTP_URL: mail goes to DATA_DIR/outbox
});
afterAll(async () => {
  if (t) await flushMail(t.ctx.mailer);
  await t?.close();
});

function outboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(dir, f))
    : [];
}

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes each mail as an .eml with HTML and text parts and the link', async () => {
    expect(t.ctx.mailer.kind).toBe('outbox');
    const u = uniqueUser('offline');
    const c = new TestClient(t);
    expect((await c.signUp(u)).status).toBe(200);
    const reset = await c.post(
      '/api/auth/request-password-reset',
      { email: u.email },
      {
        [CHALLENGE_HEADER]: await c.solvedChallenge(),
      },
    );
    expect(reset.status).toBe(200);
    await flushResetRequests();
    await flushMail(t.ctx.mailer);

    const mails = await Promise.all(
      outboxFiles(t.config.dataDir).map(async (f) => simpleParser(readFileSync(f))),
    );
    const verify = mails.find((m) => m.subject === 'Verify your email for Otakura');
    const resetMail = mails.find((m) => m.subject === 'Reset your Otakura password');
    expect(verify).toBeDefined();
    expect(resetMail).toBeDefined();
    expect((verify!.to as { text: string }).text).toBe(u.email);
    expect(verify!.from?.value[0]).toMatchObject({
      name: 'Otakura',
      address: 'no-reply@localhost',
    });
    expect(verify!.text).toMatch(
      /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+&callbackURL=%2Ffeed/,
    );
    expect(verify!.html).toContain('Verify Your Email Address');
    expect(resetMail!.text).toMatch(
      /http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+\?callbackURL=%2Freset-password/,
    );

    // The link in the outbox works like a mailed one.
    const link = /https?:\/\/\S+/.exec(verify!.text!)![0];
    expect((await c.open(link)).status).toBe(302);
    expect((await c.session())?.user.emailVerified).toBe(true);
  });

  it('logs where each mail went and its link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-outbox-'));
    try {
      const lines: { obj: Record<string, unknown>; msg: string }[] = [];
      const mailer = createMailer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), {
        info: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }),
      });
      await mailer.send({
        to: 'someone@example.test',
        ...verificationMail('Otakura', 'Someone', 'http://localhost:3000/x?y=1'),
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toBe('mail "Verify your email for Otakura" written to the outbox');
      expect(lines[0]!.obj).toMatchObject({
        to: 'someone@example.test',
        link: 'http://localhost:3000/x?y=1',
      });
      expect(outboxFiles(dataDir)).toEqual([lines[0]!.obj.file]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
