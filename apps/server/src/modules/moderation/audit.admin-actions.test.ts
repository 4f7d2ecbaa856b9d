/**
 * Every admin content action writes exactly one audit line (docs/moderation.md, "Audit log"):
 * communities, media entries and their units and pages, shop items, and the command line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin';
import { auditLog } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, reloadUser, type TestUser } from '../../test/factories';
import { pngOf } from '../uploads/test-fixtures';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/video');

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

type AuditRecord = typeof auditLog.$inferSelect;

async function auditIds(): Promise<Set<string>> {
  const rows = await t.database.db.select({ id: auditLog.id }).from(auditLog);
  return new Set(rows.map((r) => r.id));
}

/**
 * Runs `act` (an admin route) and answers its JSON and the one audit line it wrote; fails when
 * the route did not succeed or wrote no line or several.
 */
async function audited(
  act: () => Promise<Response>,
): Promise<{ body: Record<string, unknown>; line: AuditRecord }> {
  const before = await auditIds();
  const res = await act();
  const text = await res.text();
  expect(res.ok, text).toBe(true);
  const rows = await t.database.db.select().from(auditLog);
  const fresh = rows.filter((r) => !before.has(r.id));
  expect(fresh, JSON.stringify(fresh)).toHaveLength(1);
  return { body: JSON.parse(text) as Record<string, unknown>, line: fresh[0]! };
}

function form(bytes: Buffer, name = 'picture.png', type = 'image/png'): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

describe('admin content actions write the audit log', () => {
  it('communities: create, edit, picture', async () => {
    const created = await audited(() =>
      admin.http('/api/admin/communities', {
        method: 'POST',
        json: { name: 'Audit Corner', about: 'Where logs live' },
      }),
    );
    const id = created.body.id as string;
    expect(created.line).toMatchObject({
      actorId: admin.user.id,
      action: 'community.create',
      targetType: 'community',
      targetId: id,
      label: 'Audit Corner',
    });

    const edited = await audited(() =>
      admin.http(`/api/admin/communities/${id}`, {
        method: 'PATCH',
        json: { name: 'Audit Corner 2' },
      }),
    );
    expect(edited.line).toMatchObject({
      actorId: admin.user.id,
      action: 'community.update',
      targetType: 'community',
      targetId: id,
      label: 'Audit Corner 2',
      details: { fields: ['name'] },
    });

    // A refused picture (not an image) writes nothing.
    const before = await auditIds();
    const refused = await admin.http(`/api/admin/communities/${id}/image`, {
      method: 'POST',
      body: form(Buffer.from('not a picture at all, just words'), 'x.png'),
    });
    expect(refused.status).toBe(415);
    expect(await auditIds()).toEqual(before);

    const withPicture = await audited(async () =>
      admin.http(`/api/admin/communities/${id}/image`, {
        method: 'POST',
        body: form(await pngOf(64, 64)),
      }),
    );
    expect(withPicture.line).toMatchObject({
      action: 'community.update',
      targetId: id,
      details: { fields: ['image'] },
    });
  });

  it('a refused admin write writes nothing', async () => {
    const before = await auditIds();
    const res = await admin.http('/api/admin/communities', {
      method: 'POST',
      json: { name: 'Audit Corner 2', about: 'taken name' },
    });
    expect(res.status).toBe(409);
    expect(await auditIds()).toEqual(before);
  });

  it('media entries, episodes, volumes, issues and pages', async () => {
    const entry = await audited(() =>
      admin.http('/api/admin/media', {
        method: 'POST',
        json: { kind: 'video', title: 'Audit Bebop' },
      }),
    );
    const mediaId = entry.body.id as string;
    expect(entry.line).toMatchObject({
      actorId: admin.user.id,
      action: 'media.create',
      targetType: 'media',
      targetId: mediaId,
      label: 'Audit Bebop',
      details: { kind: 'video' },
    });

    const edited = await audited(() =>
      admin.http(`/api/admin/media/${mediaId}`, {
        method: 'PATCH',
        json: { about: 'Space cowboys' },
      }),
    );
    expect(edited.line).toMatchObject({
      action: 'media.update',
      targetType: 'media',
      targetId: mediaId,
      label: 'Audit Bebop',
      details: { fields: ['about'] },
    });

    const cover = await audited(async () =>
      admin.http(`/api/admin/media/${mediaId}/cover`, {
        method: 'PUT',
        body: form(await pngOf(64, 96)),
      }),
    );
    expect(cover.line).toMatchObject({ action: 'media.update', details: { fields: ['cover'] } });

    const episode = await audited(() =>
      admin.http(`/api/admin/media/${mediaId}/episodes`, { method: 'POST', json: { number: 3 } }),
    );
    const episodeId = episode.body.id as string;
    expect(episode.line).toMatchObject({
      action: 'media_unit.create',
      targetType: 'episode',
      targetId: episodeId,
      label: 'Audit Bebop · Episode 3',
      details: { mediaId },
    });

    const renumbered = await audited(() =>
      admin.http(`/api/admin/episodes/${episodeId}`, { method: 'PATCH', json: { number: 4 } }),
    );
    expect(renumbered.line).toMatchObject({
      action: 'media_unit.update',
      targetType: 'episode',
      targetId: episodeId,
      label: 'Audit Bebop · Episode 4',
      details: { mediaId, fields: ['number'] },
    });

    const thumb = await audited(async () =>
      admin.http(`/api/admin/episodes/${episodeId}/thumbnail`, {
        method: 'PUT',
        body: form(await pngOf(64, 36)),
      }),
    );
    expect(thumb.line).toMatchObject({
      action: 'media_unit.update',
      targetId: episodeId,
      details: { fields: ['thumbnail'] },
    });

    const video = await audited(() =>
      admin.http(`/api/admin/episodes/${episodeId}/video`, {
        method: 'PUT',
        body: form(
          readFileSync(path.join(FIXTURES, 'aurora-gradient.mp4')),
          'clip.mp4',
          'video/mp4',
        ),
      }),
    );
    expect(video.line).toMatchObject({
      action: 'media_unit.update',
      targetType: 'episode',
      targetId: episodeId,
      details: { fields: ['video'] },
    });

    const manga = await audited(() =>
      admin.http('/api/admin/media', {
        method: 'POST',
        json: { kind: 'manga', title: 'Audit Manga' },
      }),
    );
    const mangaId = manga.body.id as string;
    const volume = await audited(() =>
      admin.http(`/api/admin/media/${mangaId}/volumes`, { method: 'POST', json: {} }),
    );
    const volumeId = volume.body.id as string;
    expect(volume.line).toMatchObject({
      action: 'media_unit.create',
      targetType: 'volume',
      targetId: volumeId,
      label: 'Audit Manga · Volume 1',
    });
    const volumeEdit = await audited(() =>
      admin.http(`/api/admin/volumes/${volumeId}`, { method: 'PATCH', json: { title: 'Start' } }),
    );
    expect(volumeEdit.line).toMatchObject({
      action: 'media_unit.update',
      targetType: 'volume',
      details: { fields: ['title'] },
    });
    const volumeCover = await audited(async () =>
      admin.http(`/api/admin/volumes/${volumeId}/cover`, {
        method: 'PUT',
        body: form(await pngOf(64, 96)),
      }),
    );
    expect(volumeCover.line).toMatchObject({
      action: 'media_unit.update',
      targetId: volumeId,
      details: { fields: ['cover'] },
    });

    const issue = await audited(() =>
      admin.http(`/api/admin/media/${mangaId}/issues`, { method: 'POST', json: { volumeId } }),
    );
    const issueId = issue.body.id as string;
    expect(issue.line).toMatchObject({
      action: 'media_unit.create',
      targetType: 'issue',
      targetId: issueId,
      label: 'Audit Manga · Issue 1',
    });
    const issueEdit = await audited(() =>
      admin.http(`/api/admin/issues/${issueId}`, { method: 'PATCH', json: { title: 'Chapter' } }),
    );
    expect(issueEdit.line).toMatchObject({ action: 'media_unit.update', targetId: issueId });

    const f = new FormData();
    for (const colour of ['#111111', '#222222']) {
      f.append('file', new Blob([new Uint8Array(await pngOf(40, 60, colour))]), 'p.png');
    }
    const pages = await audited(() =>
      admin.http(`/api/admin/issues/${issueId}/pages`, { method: 'POST', body: f }),
    );
    expect(pages.line).toMatchObject({
      action: 'media_unit.update',
      targetType: 'issue',
      targetId: issueId,
      details: { pages: 'added', count: 2 },
    });
    const pageIds = (pages.body.items as { id: string }[]).map((p) => p.id);
    const reordered = await audited(() =>
      admin.http(`/api/admin/issues/${issueId}/pages/order`, {
        method: 'PUT',
        json: { pageIds: [...pageIds].reverse() },
      }),
    );
    expect(reordered.line).toMatchObject({ targetId: issueId, details: { pages: 'reordered' } });
    const removed = await audited(() =>
      admin.http(`/api/admin/pages/${pageIds[0]}`, { method: 'DELETE' }),
    );
    expect(removed.line).toMatchObject({
      action: 'media_unit.update',
      targetId: issueId,
      details: { pages: 'deleted', pageId: pageIds[0] },
    });
  });

  it('shop items: create, edit, picture (the seller is the subject)', async () => {
    const seller = await createUser(t);
    const created = await audited(() =>
      admin.http('/api/admin/shop/items', {
        method: 'POST',
        json: {
          name: 'Audit figure',
          about: 'A figure',
          condition: 'new',
          priceCents: 1000,
          shippingCents: 100,
          quantity: 2,
          sellerId: seller.user.id,
        },
      }),
    );
    const itemId = created.body.id as string;
    expect(created.line).toMatchObject({
      actorId: admin.user.id,
      action: 'shop_item.create',
      targetType: 'shop_item',
      targetId: itemId,
      subjectId: seller.user.id,
      label: 'Audit figure',
    });
    const edited = await audited(() =>
      admin.http(`/api/admin/shop/items/${itemId}`, {
        method: 'PATCH',
        json: { name: 'Audit figure (boxed)', priceCents: 1200 },
      }),
    );
    expect(edited.line).toMatchObject({
      action: 'shop_item.update',
      targetId: itemId,
      subjectId: seller.user.id,
      label: 'Audit figure (boxed)',
      details: { fields: ['name', 'priceCents'] },
    });
    const picture = await audited(async () =>
      admin.http(`/api/admin/shop/items/${itemId}/image`, {
        method: 'PUT',
        body: form(await pngOf(64, 64)),
      }),
    );
    expect(picture.line).toMatchObject({
      action: 'shop_item.update',
      targetId: itemId,
      details: { fields: ['image'] },
    });
  });
});

describe('npm run admin writes the audit log with no actor', () => {
  it('grant, revoke, ban and unban each write one line; no-ops write none', async () => {
    const u = await createUser(t, { signIn: false });
    const db = t.database.db;
    const linesOf = async () =>
      (await db.select().from(auditLog).where(eq(auditLog.subjectId, u.user.id))).sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
      );

    await runAdminCommand(db, ['grant', u.user.email, 'moderator']);
    await runAdminCommand(db, ['grant', u.user.email, 'moderator']);
    await runAdminCommand(db, ['revoke', u.user.email]);
    await runAdminCommand(db, ['revoke', u.user.email]);
    await runAdminCommand(db, ['ban', u.user.email, 'spam', 'bots']);
    await runAdminCommand(db, ['unban', u.user.email]);
    await runAdminCommand(db, ['unban', u.user.email]);
    expect((await reloadUser(t, u.user.id)).banned).toBe(false);

    const lines = await linesOf();
    expect(
      lines.map((l) => [l.actorId, l.action, l.targetType, l.targetId, l.reason, l.label]),
    ).toEqual([
      [null, 'role.grant', 'user', u.user.id, null, u.user.displayUsername],
      [null, 'role.revoke', 'user', u.user.id, null, u.user.displayUsername],
      [null, 'user.suspend', 'user', u.user.id, 'spam bots', u.user.displayUsername],
      [null, 'user.unsuspend', 'user', u.user.id, null, u.user.displayUsername],
    ]);
    expect(lines[0]!.details).toEqual({ from: 'user', to: 'moderator', via: 'cli' });
  });
});
