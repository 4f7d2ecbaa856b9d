import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MeSchema, PublicProfileSchema, SYSTEM_USER_ID, type Me } from '@otakura/shared';
import { users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, reloadUser, type TestUser } from '../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectError(
  res: Response,
  status: number,
  code: string,
): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  return body.error;
}

function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toLocaleDateString('en-US', {
    month: 'long',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function imageForm(bytes: Buffer, filename = 'picture.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

const png = (width: number, height: number, background = '#cc3366') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('GET /api/me', () => {
  it('answers 401 without a session', async () => {
    await expectError(await t.http('/api/me'), 401, 'unauthorized');
  });

  it('shows a new user every required detail as missing', async () => {
    const u = await createUser(t, { name: 'Rei Ayanami', username: 'Rei_Ayanami' });
    const res = await u.http('/api/me');
    expect(res.status).toBe(200);
    const me = MeSchema.parse(await res.json());
    expect(me).toMatchObject({
      id: u.user.id,
      username: 'Rei_Ayanami',
      name: 'Rei Ayanami',
      email: u.user.email,
      bio: null,
      birthday: null,
      avatarUrl: null,
      bannerUrl: null,
      isSelf: true,
      isFollowing: false,
      role: 'user',
      followerCount: 0,
    });
    expect(me.requiredDetailsMissing).toEqual(['birthday', 'profileImage', 'bannerImage', 'bio']);
  });
});

describe('PATCH /api/me/profile', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });
  const patch = (who: TestUser, json: unknown) =>
    who.http('/api/me/profile', { method: 'PATCH', json });

  it('answers 401 without a session', async () => {
    await expectError(
      await t.http('/api/me/profile', { method: 'PATCH', json: { bio: 'x' } }),
      401,
      'unauthorized',
    );
  });

  it('refuses a birthday under 18 with a clear message, and changes nothing', async () => {
    const err = await expectError(
      await patch(u, { birthday: yearsAgo(17) }),
      400,
      'validation_error',
    );
    expect(err.message).toContain('at least 18');
    const tomorrow18 = await expectError(
      await patch(u, { birthday: yearsAgo(18, 1) }),
      400,
      'validation_error',
    );
    expect(tomorrow18.message).toContain('at least 18');
    expect((await reloadUser(t, u.user.id)).birthday).toBeNull();
  });

  it('refuses dates that do not exist and other formats', async () => {
    for (const birthday of ['February 30, 2000', '2000-01-01', 'someday', '']) {
      await expectError(await patch(u, { birthday }), 400, 'validation_error');
    }
    await expectError(await patch(u, {}), 400, 'validation_error');
    await expectError(
      await patch(u, { bio: 'x'.repeat(LIMITS.bioMax + 1) }),
      400,
      'validation_error',
    );
    await expectError(await patch(u, { bio: '   ' }), 400, 'validation_error');
  });

  it('sets the bio once; a second time is 409 already_set', async () => {
    const res = await patch(u, { bio: '  Watching Evangelion again.  ' });
    expect(res.status).toBe(200);
    const me = MeSchema.parse(await res.json());
    expect(me.bio).toBe('Watching Evangelion again.');
    expect(me.requiredDetailsMissing).not.toContain('bio');

    const err = await expectError(await patch(u, { bio: 'Something else' }), 409, 'already_set');
    expect(err.message).toBe('Your bio can only be set once.');
    expect((await reloadUser(t, u.user.id)).bio).toBe('Watching Evangelion again.');
  });

  it('stores an 18+ birthday as month dd, yyyy and as a date; a second time is 409', async () => {
    const res = await patch(u, { birthday: 'may 3, 1995' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Me).birthday).toBe('May 03, 1995');
    const row = await reloadUser(t, u.user.id);
    expect(row.birthday).toBe('May 03, 1995');
    expect(row.birthDate).toBe('1995-05-03');

    const err = await expectError(
      await patch(u, { birthday: 'June 01, 1990' }),
      409,
      'already_set',
    );
    expect(err.message).toBe('Your birthday can only be set once.');
    expect((await reloadUser(t, u.user.id)).birthday).toBe('May 03, 1995');
  });

  it('writes nothing when one of two fields is already set', async () => {
    const v = await createUser(t);
    expect((await patch(v, { bio: 'First' })).status).toBe(200);
    await expectError(
      await patch(v, { bio: 'Second', birthday: 'May 23, 1995' }),
      409,
      'already_set',
    );
    const row = await reloadUser(t, v.user.id);
    expect(row).toMatchObject({ bio: 'First', birthday: null, birthDate: null });
  });

  it('accepts someone who turns 18 today', async () => {
    const v = await createUser(t);
    expect((await patch(v, { birthday: yearsAgo(18) })).status).toBe(200);
  });
});

describe('PATCH /api/me/account', () => {
  const patch = (who: TestUser, json: unknown) =>
    who.http('/api/me/account', { method: 'PATCH', json });

  it('answers 401 without a session', async () => {
    await expectError(
      await t.http('/api/me/account', { method: 'PATCH', json: { name: 'x' } }),
      401,
      'unauthorized',
    );
  });

  it("changes username, keeping Better Auth's lower-case username and the typed casing together", async () => {
    const u = await createUser(t);
    const res = await patch(u, {
      username: 'Asuka.Langley',
      name: 'Asuka Langley',
      phone: '+49 30 1234567',
    });
    expect(res.status).toBe(200);
    const me = MeSchema.parse(await res.json());
    expect(me).toMatchObject({
      username: 'Asuka.Langley',
      name: 'Asuka Langley',
      phone: '+49 30 1234567',
    });
    const row = await reloadUser(t, u.user.id);
    expect(row).toMatchObject({ username: 'asuka.langley', displayUsername: 'Asuka.Langley' });

    // The user can change the casing of their own name; clearing the phone with null.
    expect((await patch(u, { username: 'ASUKA.langley', phone: null })).status).toBe(200);
    expect(await reloadUser(t, u.user.id)).toMatchObject({
      username: 'asuka.langley',
      displayUsername: 'ASUKA.langley',
      phone: null,
    });
  });

  it('refuses a username another user has in any case with 409 username_taken', async () => {
    const a = await createUser(t, { username: 'Misato_K' });
    const b = await createUser(t);
    const err = await expectError(await patch(b, { username: 'misato_k' }), 409, 'username_taken');
    expect(err.message).toMatch(/already taken/);
    expect((await reloadUser(t, b.user.id)).username).toBe(b.user.username);
    expect((await reloadUser(t, a.user.id)).displayUsername).toBe('Misato_K');
  });

  it('refuses bad usernames, names and phones with their own messages', async () => {
    const u = await createUser(t);
    const cases: [unknown, string][] = [
      [{ username: 'ab' }, 'at least 3'],
      [{ username: 'has space' }, 'letters, digits'],
      [{ username: 'Admin' }, 'reserved'],
      [{ username: 'x'.repeat(31) }, 'at most 30'],
      [{ name: '   ' }, 'full name'],
      [{ phone: 'call me' }, 'phone'],
    ];
    for (const [json, message] of cases) {
      const err = await expectError(await patch(u, json), 400, 'validation_error');
      expect(err.message, JSON.stringify(json)).toContain(message);
    }
    expect(await reloadUser(t, u.user.id)).toMatchObject({
      username: u.user.username,
      name: u.user.name,
    });
  });
});

describe('POST /api/me/avatar and /api/me/banner', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });
  const upload = (who: TestUser, kind: 'avatar' | 'banner', form: FormData) =>
    who.http(`/api/me/${kind}`, { method: 'POST', body: form });
  const prefix = () => `user-profile-images/${u.user.id}/`;

  it('answers 401 without a session', async () => {
    const res = await t.http('/api/me/avatar', {
      method: 'POST',
      body: imageForm(await png(10, 10)),
    });
    await expectError(res, 401, 'unauthorized');
  });

  it("saves a real image as a web-sized WebP under the user's folder, without metadata", async () => {
    const jpeg = await sharp({
      create: { width: 900, height: 900, channels: 3, background: '#00aa88' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'gps-person' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(u, 'avatar', imageForm(jpeg, 'me.jpg', 'image/jpeg'));
    expect(res.status).toBe(200);
    const me = MeSchema.parse(await res.json());
    expect(me.avatarUrl).toMatch(new RegExp(`^/files/${prefix()}[0-9a-f-]+-640\\.webp$`));
    expect(me.requiredDetailsMissing).not.toContain('profileImage');

    const file = await t.http(me.avatarUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('saves the new picture first and then deletes the old one', async () => {
    const before = (await reloadUser(t, u.user.id)).profileImageKey!;
    expect(await t.storage.head(before)).not.toBeNull();

    const res = await upload(u, 'avatar', imageForm(await png(300, 200, '#112233')));
    expect(res.status).toBe(200);
    const after = (await reloadUser(t, u.user.id)).profileImageKey!;
    expect(after).not.toBe(before);
    expect(await t.storage.head(after)).not.toBeNull();
    expect(await t.storage.head(before)).toBeNull();
  });

  it('keeps the current picture when the upload is refused: a non-image disguised as .png is 415', async () => {
    const current = (await reloadUser(t, u.user.id)).profileImageKey!;
    const fake = Buffer.from('<html><script>alert(1)</script></html>'.repeat(20));
    const err = await expectError(
      await upload(u, 'avatar', imageForm(fake, 'cat.png')),
      415,
      'unsupported_media_type',
    );
    expect(err.message).toMatch(/not a supported image/);
    expect((await reloadUser(t, u.user.id)).profileImageKey).toBe(current);
    expect(await t.storage.head(current)).not.toBeNull();
  });

  it('refuses a truncated PNG (checked by decoding, not by its header)', async () => {
    const whole = await png(400, 300);
    const res = await upload(
      u,
      'avatar',
      imageForm(whole.subarray(0, Math.floor(whole.length / 2))),
    );
    expect(res.status).toBe(415);
  });

  it('refuses a file over the size cap with 413 payload_too_large', async () => {
    const current = (await reloadUser(t, u.user.id)).profileImageKey;
    const big = Buffer.alloc(LIMITS.imageUploadMaxBytes + 64 * 1024, 1);
    (await png(10, 10)).copy(big); // starts like a PNG
    const err = await expectError(
      await upload(u, 'avatar', imageForm(big)),
      413,
      'payload_too_large',
    );
    expect(err.message).toMatch(/too large/);
    expect((await reloadUser(t, u.user.id)).profileImageKey).toBe(current);
  });

  it('refuses a request without a file', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const res = await upload(u, 'avatar', form);
    expect(res.status).toBe(400);
  });

  it('saves a banner with the wide 1280 px variant', async () => {
    const res = await upload(u, 'banner', imageForm(await png(2000, 500)));
    expect(res.status).toBe(200);
    const me = MeSchema.parse(await res.json());
    expect(me.bannerUrl).toMatch(new RegExp(`^/files/${prefix()}[0-9a-f-]+-1280\\.webp$`));
    const meta = await sharp(
      Buffer.from(await (await t.http(me.bannerUrl!)).arrayBuffer()),
    ).metadata();
    expect(meta.width).toBe(1280);
    // The avatar is untouched by a banner upload.
    expect(me.avatarUrl).toBe(`/files/${(await reloadUser(t, u.user.id)).profileImageKey}`);
  });

  it("never deletes a previous picture outside the user's own folder (seeded or shared)", async () => {
    const v = await createUser(t);
    const shared = 'seed/avatars/shared-1.webp';
    await t.storage.put(
      shared,
      await sharp(await png(10, 10))
        .webp()
        .toBuffer(),
      { contentType: 'image/webp' },
    );
    await t.database.db
      .update(users)
      .set({ profileImageKey: shared })
      .where(eq(users.id, v.user.id));
    expect((await upload(v, 'avatar', imageForm(await png(50, 50)))).status).toBe(200);
    expect(await t.storage.head(shared)).not.toBeNull();
  });
});

describe('GET /api/users/:userId', () => {
  it("shows another user's public profile without private fields", async () => {
    const viewer = await createUser(t);
    const other = await createUser(t, {
      bio: 'Pilot of Unit-01',
      phone: '+1 555 0100',
      birthday: 'May 23, 1995',
    });
    const res = await viewer.http(`/api/users/${other.user.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    const profile = PublicProfileSchema.parse(body);
    expect(profile).toMatchObject({
      id: other.user.id,
      username: other.user.displayUsername,
      bio: 'Pilot of Unit-01',
      isSelf: false,
      isFollowing: false,
      postCount: 0,
    });
    for (const key of ['email', 'phone', 'birthday', 'role', 'twoFactorEnabled'])
      expect(body).not.toHaveProperty(key);
  });

  it("marks the viewer's own profile as isSelf", async () => {
    const u = await createUser(t);
    const profile = (await (await u.http(`/api/users/${u.user.id}`)).json()) as { isSelf: boolean };
    expect(profile.isSelf).toBe(true);
  });

  it('answers 404 user_not_found for unknown, malformed, system and banned ids', async () => {
    const viewer = await createUser(t);
    const banned = await createUser(t, { banned: true, signIn: false });
    for (const id of [newId(), 'not-an-id', '1', SYSTEM_USER_ID, banned.user.id]) {
      await expectError(await viewer.http(`/api/users/${id}`), 404, 'user_not_found');
    }
  });

  it('answers 401 without a session', async () => {
    const other = await createUser(t, { signIn: false });
    await expectError(await t.http(`/api/users/${other.user.id}`), 401, 'unauthorized');
  });
});

describe('factories', () => {
  it('make users who can sign in through the real endpoint', async () => {
    const u = await createUser(t, { signIn: 'http' });
    expect(u.cookie).toContain('session_token=');
    expect((await u.http('/api/me')).status).toBe(200);
  });
});
