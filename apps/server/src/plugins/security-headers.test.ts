import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers';

const OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

/** The same routes behind @fastify/helmet itself or behind the precomputed headers. */
async function build(plugin: 'helmet' | 'static', options: FastifyHelmetOptions) {
  const app = Fastify({ logger: false });
  if (plugin === 'helmet') await app.register(fastifyHelmet, options);
  else await app.register(securityHeadersPlugin, options);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/own-csp', async (_req, reply) =>
    reply.header('content-security-policy', "default-src 'none'; sandbox").send('file'),
  );
  await app.ready();
  return app;
}

const headersOf = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  const { date: _date, ...rest } = res.headers;
  return { status: res.statusCode, headers: rest };
};

describe('securityHeadersPlugin', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  for (const [name, options] of [
    ['the app-like options', OPTIONS],
    ['helmet defaults with HSTS', {}],
  ] as const) {
    it(`sets exactly the headers @fastify/helmet sets (${name}): answers, errors, 404s, overrides`, async () => {
      const helmet = await build('helmet', options);
      const fixed = await build('static', options);
      apps.push(helmet, fixed);
      for (const url of ['/ok', '/boom', '/missing', '/own-csp']) {
        const expected = await headersOf(helmet, url);
        expect(expected.headers['x-frame-options']).toBeDefined();
        expect(await headersOf(fixed, url)).toEqual(expected);
      }
      expect((await headersOf(fixed, '/own-csp')).headers['content-security-policy']).toBe(
        "default-src 'none'; sandbox",
      );
    });
  }
});
