/**
 * Walks EVERY operation of the app's OpenAPI document, and every hidden /api route, with
 * malformed input as a signed-in admin: wrong types, NUL characters, 100 kB strings, bad ids,
 * bad cursors, huge and negative limits, missing and garbage bodies, garbage multipart. No
 * answer may be a 5xx, and every error answer must have the one error shape. The operations
 * come from the document and the routes from the app itself, so a new route is walked (or
 * fails the coverage check) without anyone listing it here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '@otakura/shared';
import type { RouteOptions } from 'fastify';
import { startTestServer, type TestApp } from './test/app';
import { createTestDatabase } from './test/db';
import {
  createComment,
  createCommunity,
  createMedia,
  createPost,
  createUser,
  type TestUser,
} from './test/factories';
import { writeLimitSettings } from './plugins/write-rate-limits';

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  minimum?: number;
  default?: unknown;
}

interface DocParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface Operation {
  method: string;
  /** Fastify form: `/api/posts/:postId`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema, or null for an operation without a JSON body. */
  body: JsonSchema | null;
  documented: boolean;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface RegisteredRoute {
  method: string;
  url: string;
}

const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const MISSING_ID = '019a0000-0000-7000-8000-00000000abcd';
const ZERO_ID = '00000000-0000-0000-0000-000000000000';

let t: TestApp;
let admin: TestUser;
const routes: RegisteredRoute[] = [];
const fixtures: Record<string, string> = {};
let operations: Operation[] = [];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** Cursors a client could forge: wrong encodings, right encoding with wrong or extreme items. */
const BAD_CURSORS = [
  'garbage!',
  'x'.repeat(3000),
  Buffer.from('not json').toString('base64url'),
  b64({}),
  b64(['k', '0000-01-01T00:00:00.000000Z', MISSING_ID]),
  b64(['n', '2024-02-30T00:00:00.000000Z', MISSING_ID]),
  b64(['k', '2024-01-01T00:00:00.000000Z', NUL]),
  b64(['t', 1e308, '2024-01-01T00:00:00.000000Z', MISSING_ID]),
  b64(['t', 2_147_483_647, '9999-12-31T23:59:59.999999Z', ZERO_ID]),
  b64(['r', NUL, MISSING_ID]),
  b64(['f', LONE_SURROGATE, MISSING_ID]),
];

const PATH_VALUES = [
  'not-an-id',
  '-1',
  'a%00b',
  'x'.repeat(100),
  ZERO_ID,
  MISSING_ID,
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
];

/** Sent as they are (already percent-encoded where needed). */
const QUERY_VALUES = [
  '',
  'a%00b',
  'x'.repeat(10_000),
  '%ED%A0%80',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999',
  '%',
];

const BODY_VALUES: unknown[] = [
  null,
  -1,
  1e308,
  true,
  {},
  [NUL],
  Array.from({ length: 1000 }, () => MISSING_ID),
  '',
  NUL,
  LONE_SURROGATE,
  HUGE,
  'not-an-id',
];

/** The fields Better Auth's doors read, for the hidden routes' bodies. */
const AUTH_FIELDS = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'name',
  'username',
  'token',
  'code',
  'newEmail',
  'callbackURL',
  'redirectTo',
  'rememberMe',
  'trustDevice',
];

interface WholeBody {
  label: string;
  contentType?: string;
  body?: string;
}

const GARBAGE_MULTIPART: WholeBody = {
  label: 'garbage multipart',
  contentType: 'multipart/form-data; boundary=XyZ',
  body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--XyZ--\r\n',
};

/** Whole bodies for operations that take JSON. */
const JSON_BODIES: WholeBody[] = [
  { label: 'no body, no content type' },
  { label: 'empty JSON body', contentType: 'application/json', body: '' },
  { label: 'JSON null', contentType: 'application/json', body: 'null' },
  { label: 'JSON array', contentType: 'application/json', body: '[]' },
  { label: 'JSON string', contentType: 'application/json', body: '"x"' },
  { label: 'truncated JSON', contentType: 'application/json', body: '{"a":' },
  {
    label: 'prototype pollution',
    contentType: 'application/json',
    body: '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}',
  },
  { label: 'deep nesting', contentType: 'application/json', body: '['.repeat(5000) },
  { label: 'text/plain', contentType: 'text/plain', body: 'hello' },
  GARBAGE_MULTIPART,
];

/** Whole bodies for writes without a JSON body (uploads take multipart; the rest nothing). */
const OTHER_BODIES: WholeBody[] = [
  { label: 'no body, no content type' },
  { label: 'truncated JSON', contentType: 'application/json', body: '{"a":' },
  GARBAGE_MULTIPART,
  {
    label: 'truncated multipart',
    contentType: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n',
  },
  { label: 'multipart without a boundary', contentType: 'multipart/form-data', body: 'garbage' },
  {
    label: 'multipart with a field but no file',
    contentType: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--XyZ--\r\n',
  },
];

/** A value that passes the schema where possible, so a probe that breaks one field gets deep. */
function plausible(name: string, schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return plausible(name, alternative);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      out[key] = plausible(key, sub);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (fixtures[name]) return fixtures[name];
  if (schema.format === 'uuid') return MISSING_ID;
  const byName: Record<string, string> = {
    username: `walker_${Date.now() % 100_000}`,
    email: 'walker@example.test',
    newEmail: 'walker2@example.test',
    url: 'http://127.0.0.1/',
    birthday: 'May 23, 1995',
    phone: '+1 555 0100',
    password: 'correct horse battery',
  };
  return byName[name] ?? 'x'.repeat(Math.max(schema.minLength ?? 0, 5));
}

/** `/api/posts/{postId}` → `/api/posts/:postId`. */
const toFastifyPath = (docPath: string) => docPath.replace(/\{(\w+)\}/g, ':$1');

function fillPath(path: string, override?: { name: string; value: string }): string {
  return path
    .replace(/:(\w+)/g, (_m, name: string) =>
      override?.name === name ? override.value : encodeURIComponent(fixtures[name] ?? MISSING_ID),
    )
    .replace(/\*$/, override?.name === '*' ? override.value : 'nonexistent');
}

function queryString(
  op: Operation,
  override?: { name: string; value: string; raw?: boolean },
): string {
  const parts: string[] = [];
  for (const q of op.query) {
    if (override?.name === q.name) {
      parts.push(`${q.name}=${override.raw ? override.value : encodeURIComponent(override.value)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function probesFor(op: Operation): Probe[] {
  const probes: Probe[] = [];
  const basePath = () => fillPath(op.path);
  const baseBody = op.body ? (plausible('', op.body) as Record<string, unknown>) : undefined;
  const json = (value: unknown) => JSON.stringify(value);

  for (const name of op.pathParams) {
    for (const value of PATH_VALUES) {
      probes.push({
        label: `path ${name}=${value.slice(0, 40)}`,
        method: op.method,
        url: fillPath(op.path, { name, value }) + queryString(op),
        ...(baseBody
          ? { headers: { 'content-type': 'application/json' }, body: json(baseBody) }
          : {}),
      });
    }
  }

  for (const q of op.query) {
    const values = QUERY_VALUES.map((value) => ({ value, raw: true }));
    if (q.name === 'cursor') values.push(...BAD_CURSORS.map((value) => ({ value, raw: false })));
    for (const { value, raw } of values) {
      probes.push({
        label: `query ${q.name}=${value.slice(0, 40)}`,
        method: op.method,
        url: basePath() + queryString(op, { name: q.name, value, raw }),
      });
    }
    probes.push({
      label: `query ${q.name} twice and as an object`,
      method: op.method,
      url: `${basePath()}?${q.name}=1&${q.name}=2&${q.name}[x]=3`,
    });
  }
  if (op.method === 'GET') {
    probes.push({
      label: 'unknown and polluting query keys',
      method: op.method,
      url: `${basePath()}?__proto__=1&constructor=2&nope=a%00b`,
    });
  }

  if (op.method !== 'GET' && op.method !== 'HEAD') {
    for (const whole of op.body ? JSON_BODIES : OTHER_BODIES) {
      probes.push({
        label: `body: ${whole.label}`,
        method: op.method,
        url: basePath(),
        headers: whole.contentType ? { 'content-type': whole.contentType } : {},
        body: whole.body,
      });
    }
  }

  if (baseBody) {
    const send = (label: string, body: unknown) =>
      probes.push({
        label,
        method: op.method,
        url: basePath(),
        headers: { 'content-type': 'application/json' },
        body: json(body),
      });
    send('body: plausible', baseBody);
    for (const key of Object.keys(op.body?.properties ?? {})) {
      const { [key]: _dropped, ...without } = baseBody;
      send(`body without ${key}`, without);
      for (const value of BODY_VALUES) {
        send(`body ${key}=${JSON.stringify(value)?.slice(0, 40)}`, { ...baseBody, [key]: value });
      }
    }
    send('body with an unknown key', { ...baseBody, nope: NUL });
    if (!op.documented) {
      // Auth doors validate their own bodies: every field they read, all wrong at once.
      for (const value of [NUL, LONE_SURROGATE, HUGE, 12, { nested: NUL }]) {
        send(
          `every auth field=${JSON.stringify(value).slice(0, 20)}`,
          Object.fromEntries(AUTH_FIELDS.map((field) => [field, value])),
        );
      }
    }
  }
  return probes;
}

/** Hidden /api routes (auth, live) get the generic probes: their schemas are their own. */
function hiddenOperation(route: RegisteredRoute): Operation {
  const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (route.url.endsWith('*')) pathParams.push('*');
  return {
    method: route.method,
    path: route.url,
    pathParams,
    query:
      route.method === 'GET'
        ? ['callbackURL', 'token'].map((name) => ({ name, schema: { type: 'string' } }))
        : [],
    body: route.method === 'GET' ? null : { type: 'object', properties: {} },
    documented: false,
  };
}

async function send(probe: Probe): Promise<{ status: number; text: string }> {
  const headers = new Headers(probe.headers);
  headers.set('cookie', admin.cookie);
  if (probe.method !== 'GET' && probe.method !== 'HEAD') headers.set('origin', t.config.publicUrl);
  const res = await fetch(t.url + probe.url, {
    method: probe.method,
    headers,
    body: probe.body,
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

beforeAll(async () => {
  t = await startTestServer(await createTestDatabase(), {}, true, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  // Rate limits would stop probes before the code they aim at.
  for (const rule of Object.values(writeLimitSettings(t.ctx))) rule.max = 1_000_000;

  admin = await createUser(t, { role: 'admin' });
  const other = await createUser(t);
  const community = await createCommunity(t);
  const post = await createPost(t, { userId: other.user.id, communityId: community.id });
  const comment = await createComment(t, { userId: other.user.id, postId: post.id });
  const media = await createMedia(t);
  const report = await admin.http(`/api/comments/${comment.id}/report`, {
    method: 'POST',
    json: { reason: 'spam' },
  });
  expect(report.ok).toBe(true);
  Object.assign(fixtures, {
    userId: other.user.id,
    communityId: community.id,
    postId: post.id,
    commentId: comment.id,
    replyToId: comment.id,
    mediaId: media.id,
    // The moderation case of that report.
    targetType: 'comment',
    targetId: comment.id,
    token: 'not-a-token',
  });

  const doc = (await (await t.http('/api/docs/json')).json()) as {
    paths: Record<string, Record<string, DocOperation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([docPath, ops]) =>
    Object.entries(ops).map(([method, op]): Operation => {
      const params = op.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path: toFastifyPath(docPath),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        documented: true,
      };
    }),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Routes that are not part of the API contract: the docs UI and its files. */
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('the OpenAPI walk', () => {
  it('knows every API route: documented, or hidden and walked here', () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const apiRoutes = routes.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !isDocsRoute(r.url),
    );
    for (const op of operations) {
      expect(apiRoutes.some((r) => `${r.method} ${r.url}` === `${op.method} ${op.path}`)).toBe(
        true,
      );
    }
    const hidden = apiRoutes.filter((r) => !documented.has(`${r.method} ${r.url}`));
    // Hidden routes are Better Auth's doors and the live socket; anything else belongs in the document.
    for (const r of hidden) expect(r.url, `${r.method} ${r.url}`).toMatch(/^\/api\/(auth\/|live$)/);
  });

  it('answers malformed input to every operation without a 5xx, always in the error shape', async () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const hidden = routes
      .filter(
        (r) =>
          r.url.startsWith('/api/') &&
          r.method !== 'HEAD' &&
          !isDocsRoute(r.url) &&
          !documented.has(`${r.method} ${r.url}`),
      )
      .map(hiddenOperation);
    const all = [...operations, ...hidden];
    const probes = all.flatMap((op) =>
      probesFor(op).map((p) => ({ ...p, label: `${op.method} ${op.path} — ${p.label}` })),
    );
    expect(probes.length).toBeGreaterThan(1000);

    const failures: string[] = [];
    await pool(probes, 4, async (probe) => {
      let answer: { status: number; text: string };
      try {
        answer = await send(probe);
      } catch (err) {
        failures.push(`${probe.label}: request failed (${String(err)})`);
        return;
      }
      if (answer.status >= 500) {
        failures.push(`${probe.label}: ${answer.status} ${answer.text.slice(0, 200)}`);
        return;
      }
      if (answer.status >= 400) {
        let parsed = false;
        try {
          parsed = ApiErrorBodySchema.safeParse(JSON.parse(answer.text)).success;
        } catch {
          parsed = false;
        }
        if (!parsed) {
          failures.push(
            `${probe.label}: ${answer.status} not in the error shape: ${answer.text.slice(0, 200)}`,
          );
        }
      }
    });
    expect(failures, failures.slice(0, 60).join('\n')).toEqual([]);
    // The admin's session survived the walk (no probe signed it out or deleted the account).
    expect((await admin.http('/api/me')).status).toBe(200);
  }, 240_000);
});
