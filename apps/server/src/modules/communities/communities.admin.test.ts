import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunitySchema, type Community } from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCommunity, createUser, joinCommunity, type TestUser } from '../../test/factories';
import { pngOf } from '../uploads/test-fixtures';
import { expectError, search, token } from './communities.test-helpers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin' });
  member = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const create = (who: TestUser, json: unknown) =>
  who.http('/api/admin/communities', { method: 'POST', json });
const patch = (who: TestUser, id: string, json: unknown) =>
  who.http(`/api/admin/communities/${id}`, { method: 'PATCH', json });

async function created(res: Response): Promise<Community> {
  expect(res.status, await res.clone().text()).toBe(201);
  return CommunitySchema.parse(await res.json());
}

function imageForm(png: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  return form;
}

describe('POST /api/admin/communities', () => {
  it('lets an admin create a community, which search then finds', async () => {
    const k = token();
    const c = await created(
      await create(admin, { name: `  ${k} Spy Family  `, about: ' Waku waku ' }),
    );
    expect(c).toMatchObject({
      name: `${k} Spy Family`,
      about: 'Waku waku',
      memberCount: 0,
      postCount: 0,
      isMember: false,
      imageUrl: null,
      thumbnailUrl: null,
    });
    const page = await search(member.http, { q: `${k} spy` });
    expect(page.items.map((i) => i.id)).toEqual([c.id]);
    expect((await member.http(`/api/communities/${c.id}`)).status).toBe(200);
  });

  it('refuses normal users and moderators with 403, and signed-out callers with 401', async () => {
    const k = token();
    const moderator = await createUser(t, { role: 'moderator' });
    await expectError(await create(member, { name: `${k} Nope` }), 403, 'forbidden');
    await expectError(await create(moderator, { name: `${k} Nope` }), 403, 'forbidden');
    await expectError(
      await t.http('/api/admin/communities', { method: 'POST', json: { name: `${k} Nope` } }),
      401,
      'unauthorized',
    );
    expect((await search(admin.http, { q: k })).items).toEqual([]);
  });

  it('keeps names unique ignoring case: 409 community_name_taken', async () => {
    const k = token();
    await created(await create(admin, { name: `${k} Frieren` }));
    const err = await expectError(
      await create(admin, { name: `${k} FRIEREN` }),
      409,
      'community_name_taken',
    );
    expect(err.message).toBe('A community with that name already exists.');
    await expectError(await create(admin, { name: ` ${k} frieren ` }), 409, 'community_name_taken');
    // A name that merely contains it, or has LIKE metacharacters, is another name.
    await created(await create(admin, { name: `${k} Frieren 2` }));
    await created(await create(admin, { name: `${k} Fri_ren` }));
    await created(await create(admin, { name: `${k} Fri%` }));
    expect((await search(admin.http, { q: k })).items).toHaveLength(4);
  });

  it('lets exactly one of 10 concurrent creations of one name (in different cases) win (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const k = token();
    const variants = Array.from({ length: 10 }, (_, i) =>
      i % 2 ? `${k} Dandadan` : `${k} DANDADAN`,
    );
    const results = await Promise.all(variants.map((name) => create(admin, { name })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await search(admin.http, { q: k })).items).toHaveLength(1);
  });

  it('validates the name and about text (400 validation_error naming the field)', async () => {
    const e1 = await expectError(await create(admin, { name: ' x ' }), 400, 'validation_error');
    expect(e1.message).toBe('name: Name must be at least 2 characters.');
    const e2 = await expectError(
      await create(admin, { name: 'y'.repeat(61) }),
      400,
      'validation_error',
    );
    expect(e2.message).toBe('name: Name must be at most 60 characters.');
    await expectError(
      await create(admin, { name: 'Fine name', about: 'z'.repeat(2001) }),
      400,
      'validation_error',
    );
    await expectError(await create(admin, {}), 400, 'validation_error');
  });
});

describe('PATCH /api/admin/communities/:communityId', () => {
  it('renames and edits the about text; only the fields given change', async () => {
    const k = token();
    const c = await created(await create(admin, { name: `${k} Old`, about: 'Before' }));
    const res = await patch(admin, c.id, { about: 'After' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: `${k} Old`, about: 'After' });
    const renamed = CommunitySchema.parse(
      await (await patch(admin, c.id, { name: `${k} New` })).json(),
    );
    expect(renamed).toMatchObject({ id: c.id, name: `${k} New`, about: 'After' });
    // Its own name in another case is fine.
    expect(await (await patch(admin, c.id, { name: `${k} NEW` })).json()).toMatchObject({
      name: `${k} NEW`,
    });
    expect(await (await patch(admin, c.id, {})).json()).toMatchObject({
      name: `${k} NEW`,
      about: 'After',
    });
  });

  it("answers 409 for another community's name, 404 for unknown ids, 403 for non-admins", async () => {
    const k = token();
    const a = await created(await create(admin, { name: `${k} A1` }));
    await created(await create(admin, { name: `${k} B1` }));
    await expectError(await patch(admin, a.id, { name: `${k} b1` }), 409, 'community_name_taken');
    await expectError(await patch(admin, newId(), { about: 'x' }), 404, 'community_not_found');
    await expectError(await patch(admin, 'nope', { about: 'x' }), 404, 'community_not_found');
    await expectError(await patch(member, a.id, { about: 'x' }), 403, 'forbidden');
  });

  it('shows isMember for the admin too', async () => {
    const c = await createCommunity(t);
    await joinCommunity(t, admin.user.id, c.id);
    expect(await (await patch(admin, c.id, { about: 'Hi' })).json()).toMatchObject({
      isMember: true,
      memberCount: 1,
    });
  });
});

describe('POST /api/admin/communities/:communityId/image', () => {
  it('stores a web-sized picture and a 640 px thumbnail, and removes the previous files', async () => {
    const c = await createCommunity(t);
    const upload = (png: Buffer) =>
      admin.http(`/api/admin/communities/${c.id}/image`, { method: 'POST', body: imageForm(png) });

    const first = await upload(await pngOf(1600, 900, '#aa3366'));
    expect(first.status, await first.clone().text()).toBe(200);
    const one = CommunitySchema.parse(await first.json());
    expect(one.imageUrl).toMatch(
      new RegExp(`^/files/community-images/${c.id}/[0-9a-f-]+-1280\\.webp$`),
    );
    expect(one.thumbnailUrl).toMatch(
      new RegExp(`^/files/community-images/${c.id}/[0-9a-f-]+-640\\.webp$`),
    );
    const thumb = await sharp(
      Buffer.from(await (await t.http(one.thumbnailUrl!)).arrayBuffer()),
    ).metadata();
    expect(thumb.width).toBe(640);

    const two = CommunitySchema.parse(await (await upload(await pngOf(300, 300))).json());
    // A small picture has only the 640 px variant: it is both.
    expect(two.imageUrl).toBe(two.thumbnailUrl);
    expect((await t.http(one.imageUrl!)).status).toBe(404);
    expect((await t.http(one.thumbnailUrl!)).status).toBe(404);
    expect((await t.http(two.imageUrl!)).status).toBe(200);
    const listed = (await search(member.http, { q: c.name })).items[0];
    expect(listed).toMatchObject({ imageUrl: two.imageUrl, thumbnailUrl: two.thumbnailUrl });
  });

  it('refuses non-images (415), non-admins (403) and unknown communities (404)', async () => {
    const c = await createCommunity(t);
    const notImage = new FormData();
    notImage.append(
      'file',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
      'x.svg',
    );
    const res = await admin.http(`/api/admin/communities/${c.id}/image`, {
      method: 'POST',
      body: notImage,
    });
    expect(res.status).toBe(415);
    const png = await pngOf(100, 100);
    await expectError(
      await member.http(`/api/admin/communities/${c.id}/image`, {
        method: 'POST',
        body: imageForm(png),
      }),
      403,
      'forbidden',
    );
    await expectError(
      await admin.http(`/api/admin/communities/${newId()}/image`, {
        method: 'POST',
        body: imageForm(png),
      }),
      404,
      'community_not_found',
    );
  });
});
