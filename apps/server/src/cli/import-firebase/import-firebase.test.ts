/**
 * The import of the first build's export (docs/import-firebase.md) against a real database
 * (PGlite, or PostgreSQL in the PG pass) and real local storage: exact counters, every skipped
 * row with why, files re-encoded and stored, relations rebuilt (follows, members, likes, the
 * following feed), a second run that changes nothing, and the sign-in of an imported account:
 * refused with the reset message, then reset through the mailed link and signed in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBodySchema, CHALLENGE_HEADER, SYSTEM_USER_ID } from '@otakura/shared';
import { loadConfig } from '../../config/env';
import { queryRows } from '../../db/client';
import { acquireDataDirLock } from '../../db/lock';
import {
  comments,
  communities,
  communityMembers,
  importRecords,
  media,
  mediaEpisodes,
  mediaPages,
  postImages,
  posts,
  reports,
  shopItems,
  userFollows,
  users,
} from '../../db/schema';
import { flushMail } from '../../modules/mail/mailer';
import { TestClient } from '../../modules/auth/auth.test-helpers';
import { storedKeys } from '../../modules/uploads/test-fixtures';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createUser,
  openSession,
  signInHttp,
  withCookie,
} from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { importFirebaseMain } from '../import-firebase';
import { FIXTURE_EXPORT, writeFixtureFiles } from './fixtures/make-files';
import { importFirebaseExport } from './importer';
import type { ImportReport } from './report';
import { accountsWithoutPassword, sendResetMails } from './reset-mails';

// Image encoding (WebP and AVIF) and password hashing are slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

let t: TestApp;
let smtp: SmtpCapture;
let filesDir: string;
let first: ImportReport;

const run = () =>
  importFirebaseExport({
    db: t.database.db,
    storage: t.storage,
    exportFile: FIXTURE_EXPORT,
    filesDir,
  });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  filesDir = mkdtempSync(path.join(tmpdir(), 'otakura-import-files-'));
  await writeFixtureFiles(filesDir);
  first = await run();
});
afterAll(async () => {
  if (t) await flushMail(t.ctx.mailer);
  await t?.close();
  await smtp?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** The local id an export key became. */
async function localId(collection: string, key: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: importRecords.localId })
    .from(importRecords)
    .where(
      sql`${importRecords.collection} = ${collection} and ${importRecords.externalId} = ${key}`,
    );
  if (!row) throw new Error(`${collection}/${key} was not imported`);
  return row.id;
}

async function userByEmail(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!;
}

async function postOf(key: string) {
  const [p] = await t.database.db
    .select()
    .from(posts)
    .where(eq(posts.id, await localId('the-posts', key)));
  return p!;
}

async function bytesOf(key: string): Promise<Buffer> {
  const got = await t.storage.get(key);
  if (!got) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const c of got.body as Readable) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Every row of every table (as text, sorted) and every stored file. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ r: string }>(
      t.database.db,
      sql`select x::text as r from ${sql.identifier(name)} x order by 1`,
    );
    out[name] = rows.map((r) => r.r);
  }
  out['(files)'] = storedKeys(path.join(t.config.dataDir, 'files'));
  return out;
}

describe('import of the first build', () => {
  it('counts every collection exactly: read = imported + already there + skipped', () => {
    const row = (read: number, imported: number, alreadyThere: number, skipped: number) => ({
      read,
      imported,
      alreadyThere,
      skipped,
    });
    expect(first.collections).toEqual({
      users: row(6, 4, 0, 2),
      'anime-communities': row(3, 2, 0, 1),
      'the-media-posts': row(3, 2, 0, 1),
      'media-pages': row(4, 3, 0, 1),
      'media-keywords': row(3, 2, 0, 1),
      'the-posts': row(11, 6, 0, 5),
      'user-posts': row(7, 6, 0, 1),
      comments: row(7, 4, 0, 3),
      'media-comments': row(2, 1, 0, 1),
      // user-followers repeats the follows of user-following: those are already there.
      'user-following': row(9, 6, 0, 3),
      'user-followers': row(5, 1, 4, 0),
      'anime-followers': row(5, 2, 2, 1),
      'post-like': row(6, 4, 0, 2),
      'comment-like': row(3, 2, 0, 1),
      'media-comment-like': row(1, 1, 0, 0),
      'media-like': row(4, 3, 0, 1),
      'the-shop-posts': row(4, 2, 0, 2),
      'shop-like': row(1, 1, 0, 0),
      'reported-comments': row(2, 1, 0, 1),
    });
    for (const c of Object.values(first.collections))
      expect(c.read).toBe(c.imported + c.alreadyThere + c.skipped);
    expect(first.ignored).toEqual({
      'user-feed': expect.stringContaining('query'),
      'anime-feed': expect.stringContaining('query'),
    });
  });

  it('reports every skipped row with why', () => {
    const skipped = first.skipped.map((s) => `${s.collection} ${s.id} ${s.reason}`).sort();
    expect(skipped).toEqual(
      [
        'users fbNoEmail04 missing_field',
        'users fbDupe05 duplicate',
        'anime-communities commBroken03 not_an_object',
        'the-media-posts mediaNoTitle03 missing_field',
        'media-pages mediaGone09 dangling_reference',
        'media-keywords mediaGone09 dangling_reference',
        'the-posts -NpUnknown0007 unknown_type_code',
        'the-posts -NpNoAuthor0008 missing_author',
        'the-posts -NpNoComm0009 dangling_reference',
        'the-posts -NpBadImage0010 bad_file',
        'the-posts -NpNoTitle0011 missing_field',
        'user-posts fbBenUid02/-NpGone0099 dangling_reference',
        'comments -Cm0003 missing_author',
        'comments -Cm0005 dangling_reference',
        'comments -Cm0007 dangling_reference',
        'media-comments -Mc0002 dangling_reference',
        'user-following fbChloeUid03/fbChloeUid03 self_reference',
        'user-following fbChloeUid03/fbNobody77 dangling_reference',
        'user-following fbDanaUid06/fbChloeUid03 invalid_field',
        'anime-followers commGhost99/fbAikoUid01 dangling_reference',
        'post-like -NpText0001/fbGhostUid99 dangling_reference',
        'post-like -NpGone0099/fbBenUid02 dangling_reference',
        'comment-like -Cm0001/fbBenUid02 self_reference',
        'media-like mediaNoTitle03/fbChloeUid03 dangling_reference',
        'the-shop-posts shopFree03 invalid_field',
        'the-shop-posts shopOrphan04 missing_author',
        'reported-comments -CmMissing dangling_reference',
      ].sort(),
    );
    const why = (id: string) => first.skipped.find((s) => s.id === id)!.detail;
    expect(why('-NpUnknown0007')).toBe('Type 3 is none of 0, 1, 2, 4, 5');
    expect(why('-NpBadImage0010')).toMatch(/broken\.jpg: That file is not a supported image/);
    expect(why('fbDupe05')).toBe('an account here already uses aiko@first-build.example');
    // Rows imported without one of their files say which and why.
    expect(first.fileProblems.map((f) => `${f.id} ${f.field} ${f.reason}`).sort()).toEqual([
      'fbBenUid02 profileImageUrl bad_file',
      'fbChloeUid03 profileImageUrl missing_file',
      'mediaStar01 episode 2 missing_file',
    ]);
    expect(first.renamedUsernames).toEqual({ 'fbBenUid02 (Ben Watcher!)': 'Ben_Watcher' });
  });

  it('brings users in without a password, with their profile fields and re-encoded pictures', async () => {
    const aiko = await userByEmail('aiko@first-build.example');
    expect(aiko).toMatchObject({
      name: 'Aiko Tanaka',
      username: 'aiko_draws',
      displayUsername: 'aiko_draws',
      emailVerified: true,
      bio: 'I draw skies and mecha. Moved here from the first build!',
      birthday: 'May 23, 1995',
      birthDate: '1995-05-23',
      phone: '+81 90 1234 5678',
      nsfwOptIn: false,
      role: 'user',
    });
    expect(aiko.eulaAcceptedAt).toBeInstanceOf(Date);
    expect(aiko.profileImageKey).toMatch(new RegExp(`^user-profile-images/${aiko.id}/.+\\.webp$`));
    const avatar = await sharp(await bytesOf(aiko.profileImageKey!)).metadata();
    expect(avatar).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect((await sharp(await bytesOf(aiko.bannerImageKey!)).metadata()).width).toBe(1200);
    const ben = await userByEmail('ben@first-build.example');
    expect(ben).toMatchObject({
      username: 'ben_watcher',
      displayUsername: 'Ben_Watcher',
      profileImageKey: null,
      nsfwOptIn: true,
      emailVerified: false,
      birthDate: null,
    });
    const passwords = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from accounts a join import_records r
          on r.collection = 'users' and r.local_id = a.user_id::text`,
    );
    expect(passwords[0]!.n).toBe(0);
  });

  it('reads every post type code; code 4 by the bytes of its files', async () => {
    const text = await postOf('-NpText0001');
    expect(text).toMatchObject({ type: 0, title: 'Hello from the first build', nsfw: false });
    expect(text.createdAt.toISOString()).toBe('2022-06-01T00:00:00.000Z');
    const image = await postOf('-NpImage0002');
    expect(image).toMatchObject({ type: 1, spoiler: true });
    // Anime-Sub alone (no CommunityID) named its community.
    const [slice] = await t.database.db
      .select()
      .from(communities)
      .where(eq(communities.id, image.communityId));
    expect(slice!.name).toBe('Slice of Life Café');
    const imgs = await t.database.db
      .select()
      .from(postImages)
      .where(eq(postImages.postId, image.id))
      .orderBy(postImages.position);
    expect(imgs.map((i) => [i.width, i.height])).toEqual([
      [960, 640],
      [800, 800],
    ]);
    for (const img of imgs) {
      expect(img.placeholder).toMatch(/^#[0-9a-f]{6}$/);
      const types = img.variants!.map((v) => v.type);
      expect(types).toContain('image/webp');
      expect(types).toContain('image/avif');
      for (const v of img.variants!) {
        const meta = await sharp(await bytesOf(v.key)).metadata();
        expect(meta.format).toBe(v.type === 'image/webp' ? 'webp' : 'heif');
        expect(meta.width).toBe(v.width);
      }
    }
    const video = await postOf('-NpVideo0003');
    expect(video).toMatchObject({ type: 2, videoWidth: 640, videoHeight: 360 });
    const head = await t.storage.head(video.videoKey!);
    expect(head).toMatchObject({ contentType: 'video/mp4' });
    expect(video.videoKey).toMatch(/^post-videos\//);
    expect((await sharp(await bytesOf(video.thumbnailKey!)).metadata()).format).toBe('webp');

    const gif = await postOf('-NpGif0004');
    expect(gif.type).toBe(4);
    const gifImages = await t.database.db
      .select()
      .from(postImages)
      .where(eq(postImages.postId, gif.id));
    expect(gifImages).toHaveLength(1);
    // An animated GIF stays animated in its WebP.
    expect((await sharp(await bytesOf(gifImages[0]!.key)).metadata()).pages).toBe(3);
    const code4 = await postOf('-NpCode4Imgs0005');
    expect(code4.type).toBe(1);
    expect(
      await t.database.db.select().from(postImages).where(eq(postImages.postId, code4.id)),
    ).toHaveLength(2);
    expect(first.typeCode4).toEqual({ asGif: 1, asImages: 1 });

    const url = await postOf('-NpUrl0006');
    expect(url).toMatchObject({
      type: 5,
      url: 'https://example.com/mecha-design',
      body: 'This changed how I draw joints.',
    });
    // No User field: user-posts named the author.
    expect(url.userId).toBe((await userByEmail('ben@first-build.example')).id);
    expect((await sharp(await bytesOf(url.urlImageKey!)).metadata()).format).toBe('webp');
  });

  it('rebuilds comments with their replies, tombstones and reports', async () => {
    const post = await postOf('-NpText0001');
    const rows = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.postId, post.id))
      .orderBy(comments.createdAt);
    expect(rows.map((c) => c.body)).toEqual([
      'Draw the blue one from episode 3!',
      'On it!',
      'User deleted this comment :(',
    ]);
    const [top, reply, tombstone] = rows;
    expect(reply!.replyToId).toBe(top!.id);
    expect(reply!.replyingUserId).toBe(top!.userId);
    expect(tombstone).toMatchObject({ userId: SYSTEM_USER_ID });
    expect(tombstone!.deletedAt).not.toBeNull();
    expect(top!.createdAt.toISOString()).toBe('2022-06-01T01:00:00.000Z');

    const [report] = await t.database.db
      .select()
      .from(reports)
      .where(eq(reports.targetId, top!.id));
    expect(report).toMatchObject({
      targetType: 'comment',
      reporterId: (await userByEmail('chloe@first-build.example')).id,
      authorId: top!.userId,
      snapshot: 'Draw the blue one from episode 3!',
      status: 'open',
      postId: post.id,
      communityId: post.communityId,
    });

    const starId = await localId('the-media-posts', 'mediaStar01');
    const mediaComments = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.mediaId, starId));
    expect(mediaComments.map((c) => [c.body, c.likeCount])).toEqual([
      ['The relay handoff animation!', 1],
    ]);
  });

  it('brings media entries with their episodes, pages, keywords and views', async () => {
    const starId = await localId('the-media-posts', 'mediaStar01');
    const [star] = await t.database.db.select().from(media).where(eq(media.id, starId));
    expect(star).toMatchObject({
      kind: 'video',
      title: 'Starlight Relay (first build)',
      author: 'Studio Comet',
      language: 'Japanese',
      keywords: ['space', 'relay'],
      likeCount: 2,
      viewCount: 3,
      commentCount: 1,
    });
    const episodes = await t.database.db
      .select()
      .from(mediaEpisodes)
      .where(eq(mediaEpisodes.mediaId, starId))
      .orderBy(mediaEpisodes.number);
    expect(episodes.map((e) => [e.number, e.title, e.videoKey !== null])).toEqual([
      [1, 'Lift-off', true],
      [2, 'Orbit', false],
    ]);
    expect(await t.storage.head(episodes[0]!.videoKey!)).toMatchObject({
      contentType: 'video/mp4',
    });
    const lanternId = await localId('the-media-posts', 'mediaLantern02');
    const [lantern] = await t.database.db.select().from(media).where(eq(media.id, lanternId));
    expect(lantern).toMatchObject({ kind: 'manga', keywords: ['lantern', 'letters'] });
    const pages = await queryRows<{ volume: number; issue: number; page: number }>(
      t.database.db,
      sql`select v.number as volume, i.number as issue, p.page_number as page
          from ${mediaPages} p join media_issues i on i.id = p.issue_id
          join media_volumes v on v.id = i.volume_id
          where i.media_id = ${lanternId} order by p.page_number`,
    );
    expect(pages).toEqual([
      { volume: 1, issue: 1, page: 1 },
      { volume: 1, issue: 1, page: 2 },
    ]);
  });

  it('rebuilds follows, community members, likes and shop items with exact counters', async () => {
    const [aiko, ben, chloe, dana] = await Promise.all(
      ['aiko', 'ben', 'chloe', 'dana'].map((n) => userByEmail(`${n}@first-build.example`)),
    );
    const follows = await t.database.db.select().from(userFollows);
    const name = new Map([
      [aiko!.id, 'aiko'],
      [ben!.id, 'ben'],
      [chloe!.id, 'chloe'],
      [dana!.id, 'dana'],
    ]);
    expect(
      follows.map((f) => `${name.get(f.followerId)}→${name.get(f.followeeId)}`).sort(),
    ).toEqual(['aiko→ben', 'ben→aiko', 'ben→chloe', 'chloe→aiko', 'dana→aiko']);
    expect(aiko).toMatchObject({ followerCount: 3, followingCount: 1, postCount: 2 });
    const members = await queryRows<{ c: string; u: string }>(
      t.database.db,
      sql`select c.name as c, u.email as u from ${communityMembers} m
          join communities c on c.id = m.community_id join users u on u.id = m.user_id order by 1, 2`,
    );
    expect(members.map((m) => `${m.c}: ${m.u.split('@')[0]}`)).toEqual([
      'Mecha Lounge: aiko',
      'Mecha Lounge: chloe',
      'Slice of Life Café: ben',
      'Slice of Life Café: dana',
    ]);
    expect(await postOf('-NpText0001')).toMatchObject({ likeCount: 2, commentCount: 3 });
    expect(await postOf('-NpImage0002')).toMatchObject({ likeCount: 2, commentCount: 0 });
    const items = await t.database.db
      .select()
      .from(shopItems)
      .where(
        sql`${shopItems.id}::text in (select local_id from import_records where collection = 'the-shop-posts')`,
      )
      .orderBy(shopItems.name);
    expect(
      items.map((i) => [
        i.name,
        i.priceCents,
        i.shippingCents,
        i.quantity,
        i.likeCount,
        i.imageKey !== null,
      ]),
    ).toEqual([
      ['Lantern Tales poster', 1250, 0, 1, 0, false],
      ['Relay runner figure', 2499, 500, 3, 1, true],
    ]);
    expect(await counterMismatches({ database: t.database })).toEqual([]);
  });

  it("shows the imported follows in the imported follower's following feed (user and community)", async () => {
    const dana = await userByEmail('dana@first-build.example');
    const http = withCookie(t, await openSession(t, dana.id));
    const res = await http('/api/feed?tab=following');
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Array<{ title: string; type: number }> };
    // Dana follows Aiko (her two posts) and is a member of Slice of Life Café (its three).
    expect(page.items.map((p) => p.title)).toEqual([
      'Stills from the weekend',
      'Victory dance',
      'Two skies',
      'Hello from the first build',
    ]);
    const mecha = await localId('anime-communities', 'commMecha01');
    const community = (await (await http(`/api/communities/${mecha}/posts`)).json()) as {
      items: Array<{ title: string }>;
    };
    expect(community.items.map((p) => p.title)).toEqual([
      'Great read on mecha design',
      'Opening sakuga loop',
      'Hello from the first build',
    ]);
  });

  it('changes nothing on a second run: every table, counter and file stays as it was', async () => {
    const before = await snapshot();
    const second = await run();
    for (const [name, c] of Object.entries(second.collections)) {
      expect(c.imported, name).toBe(0);
      expect(c.read, name).toBe(first.collections[name]!.read);
      expect(c.alreadyThere, name).toBe(
        first.collections[name]!.imported + first.collections[name]!.alreadyThere,
      );
    }
    expect(second.files).toEqual({ images: 0, videos: 0, bytes: 0 });
    expect(second.countersFixed).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('mails a reset link to each imported account without a password when asked', async () => {
    const without = await accountsWithoutPassword(t.database);
    expect(without).toEqual([
      'aiko@first-build.example',
      'ben@first-build.example',
      'chloe@first-build.example',
      'dana@first-build.example',
    ]);
    const result = await sendResetMails(t.config, t.database);
    expect(result).toEqual({ sent: 4, failed: 0 });
    const mail = await smtp.waitForMail('dana@first-build.example', { subject: /Reset your/ });
    expect(mail.link).toMatch(/\/api\/auth\/reset-password\//);
  });

  it('refuses the sign-in of an imported account with the reset message; after a reset it signs in', async () => {
    const email = 'aiko@first-build.example';
    const refused = await t.http('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.71' },
      json: { email, password: 'my-old-firebase-password' },
    });
    expect(refused.status).toBe(401);
    expect(ApiErrorBodySchema.parse(await refused.json()).error).toEqual({
      code: 'password_reset_required',
      message:
        'Your account came over from the first version of the site, and its password could not come with it. Use "Forgot password" to set a new one.',
    });
    // Any other account still gets the one message for a wrong email or password.
    const other = (await createUser(t, { signIn: false })).user;
    const wrong = await t.http('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.72' },
      json: { email: other.email, password: 'not-the-password' },
    });
    expect(ApiErrorBodySchema.parse(await wrong.json()).error.code).toBe('invalid_credential');

    // Forgot password → the mailed link → a new password.
    const c = new TestClient(t);
    const asked = await c.post(
      '/api/auth/request-password-reset',
      { email, redirectTo: '/reset-password' },
      { [CHALLENGE_HEADER]: await c.solvedChallenge() },
    );
    expect(asked.status).toBe(200);
    const mail = await smtp.waitForMail(email, { subject: /Reset your/ });
    const landing = await new TestClient(t).open(mail.link!);
    const token = new URL(landing.headers.get('location')!).searchParams.get('token')!;
    const reset = await c.post('/api/auth/reset-password', {
      newPassword: 'sakura-new-2026',
      token,
    });
    expect(reset.status).toBe(200);

    const cookie = await signInHttp(t, email, 'sakura-new-2026');
    const me = (await (await withCookie(t, cookie)('/api/me')).json()) as { id: string };
    const aiko = await userByEmail(email);
    expect(me.id).toBe(aiko.id);
    const own = (await (await withCookie(t, cookie)(`/api/users/${aiko.id}/posts`)).json()) as {
      items: Array<{ title: string }>;
    };
    expect(own.items.map((p) => p.title)).toEqual(['Two skies', 'Hello from the first build']);
    expect(await accountsWithoutPassword(t.database)).not.toContain(email);
  });
});

describe('npm run import-firebase', () => {
  it('refuses while the server holds the embedded data folder, writing nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-import-held-'));
    const release = await acquireDataDirLock(dataDir);
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' });
      await expect(importFirebaseMain([FIXTURE_EXPORT, filesDir], config)).rejects.toThrow(
        /stop the server, run the import, then start the server again/,
      );
      expect(storedKeys(path.join(dataDir, 'files'))).toEqual([]);
    } finally {
      await release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names what is missing in its arguments', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: filesDir, DATABASE_URL: '' });
    await expect(importFirebaseMain([FIXTURE_EXPORT], config)).rejects.toThrow(
      /Give the export file and the files folder/,
    );
    await expect(
      importFirebaseMain([path.join(filesDir, 'nope.json'), filesDir], config),
    ).rejects.toThrow(/There is no export at/);
  });
});
