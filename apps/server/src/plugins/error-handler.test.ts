import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, UNSTORABLE_TEXT_MESSAGE, type ApiErrorBody } from '@otakura/shared';
import { queryRows } from '../db/client';
import { buildTestApp, type TestApp } from '../test/app';
import { createCommunity, createPost, createUser, type TestUser } from '../test/factories';
import { errorHandlerPlugin } from './error-handler';

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let postId: string;
let communityId: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  const community = await createCommunity(t);
  communityId = community.id;
  postId = (await createPost(t, { userId: user.user.id, communityId })).id;
});
afterAll(async () => {
  await t?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is on a new socket and reads the answer until the server closes or it is complete. */
function rawRequest(request: string): Promise<RawAnswer> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    let data = '';
    const finish = () => {
      const split = data.indexOf('\r\n\r\n');
      const head = split === -1 ? data : data.slice(0, split);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: split === -1 ? '' : data.slice(split + 4),
      });
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const split = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(data)?.[1];
      if (split !== -1 && length !== undefined && data.length - split - 4 >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server may close as soon as it has answered; what arrived is the answer.
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') finish();
      else reject(err);
    });
  });
}

function errorOf(answer: RawAnswer): ApiErrorBody['error'] {
  expect(answer.headers['content-type']).toContain('application/json');
  return ApiErrorBodySchema.parse(JSON.parse(answer.body)).error;
}

describe('answers made before routing have the API error shape', () => {
  it('answers an address over the header limit with 414 uri_too_long', async () => {
    const answer = await rawRequest(
      `GET /api/posts?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answer.status).toBe(414);
    expect(errorOf(answer).code).toBe('uri_too_long');
  });

  it('answers headers over the limit with 431 headers_too_large', async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(errorOf(answer).code).toBe('headers_too_large');
  });

  it.each([
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'],
    ['a method that is not HTTP', 'GARBAGE\r\n\r\n'],
    ['a NUL byte in the address', 'GET /api/x\u0000y HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('answers %s with 400 bad_request', async (_label, request) => {
    const answer = await rawRequest(request);
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('bad_request');
  });

  it.each(['/api/posts/%E0%A4%A', '/api/users/%zz/followers', '/feed/%'])(
    'answers the malformed percent-encoding of %s with 400 bad_request',
    async (p) => {
      const answer = await rawRequest(`GET ${p} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe('bad_request');
    },
  );

  it('answers a path parameter over 100 characters with 414 uri_too_long', async () => {
    const res = await t.http(`/api/posts/${'p'.repeat(150)}`);
    expect(res.status).toBe(414);
    expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('uri_too_long');
  });

  it('gives an error answered without a body the error shape (a plain GET of the live socket)', async () => {
    const res = await t.http('/api/live');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('not_found');
  });

  it('still serves the next request normally', async () => {
    const res = await t.http('/api/health');
    expect(res.status).toBe(200);
  });
});

describe('NUL characters in text', () => {
  const nul = 'before\u0000after';

  it.each([
    ['a comment', (): string => `/api/posts/${postId}/comments`, 'POST', { body: nul }, 'body'],
    [
      'a post title',
      (): string => '/api/posts',
      'POST',
      { title: nul, communityId: communityId },
      'title',
    ],
    [
      'a post body',
      (): string => '/api/posts',
      'POST',
      { title: 'Fine', body: nul, communityId: communityId },
      'body',
    ],
    ['an account name', (): string => '/api/me/account', 'PATCH', { name: nul }, 'name'],
  ] as const)('in %s answer 400 validation_error naming the field', async (...args) => {
    const [, path, method, json, field] = args;
    const res = await user.http(path(), { method, json });
    expect(res.status).toBe(400);
    const error = ApiErrorBodySchema.parse(await res.json()).error;
    expect(error.code).toBe('validation_error');
    expect(error.details).toContainEqual({ path: field, message: UNSTORABLE_TEXT_MESSAGE });
  });

  it('in an admin community name answer 400 naming the field', async () => {
    const res = await admin.http('/api/admin/communities', { method: 'POST', json: { name: nul } });
    expect(res.status).toBe(400);
    const error = ApiErrorBodySchema.parse(await res.json()).error;
    expect(error.details).toContainEqual({ path: 'name', message: UNSTORABLE_TEXT_MESSAGE });
  });

  it('in a community search answer 400 naming q', async () => {
    const res = await user.http(`/api/communities?q=${encodeURIComponent(nul)}`);
    expect(res.status).toBe(400);
    const error = ApiErrorBodySchema.parse(await res.json()).error;
    expect(error.details).toContainEqual({ path: 'q', message: UNSTORABLE_TEXT_MESSAGE });
  });
});

describe('database errors about text', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    // A query that bypasses every schema, as a field that slipped past them would.
    app.get('/raw-nul', async () => queryRows(t.database.db, sql`select ${'a\u0000b'}::text as v`));
    app.get('/untranslatable', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('untranslatable'), { code: '22P05' }),
      });
    });
    app.get('/other-database-error', async () =>
      queryRows(t.database.db, sql`select 1 / ${0}::int as v`),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the engine refusing U+0000 with 400 validation_error', async () => {
    const res = await app.inject({ url: '/raw-nul' });
    expect(res.statusCode).toBe(400);
    const error = ApiErrorBodySchema.parse(res.json()).error;
    expect(error).toEqual({ code: 'validation_error', message: UNSTORABLE_TEXT_MESSAGE });
  });

  it('answers untranslatable_character (22P05) with 400 validation_error', async () => {
    const res = await app.inject({ url: '/untranslatable' });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('validation_error');
  });

  it('still masks any other database error as 500', async () => {
    const res = await app.inject({ url: '/other-database-error' });
    expect(res.statusCode).toBe(500);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('internal_error');
  });
});
