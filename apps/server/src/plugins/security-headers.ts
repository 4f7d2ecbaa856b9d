import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers a probe response carries without any plugin: not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets with these options, computed once: a throwaway Fastify with
 * the plugin answers one request and its headers are kept. Helmet's output depends only on its
 * options (no nonces here), so every later response would get exactly these.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => 'ok');
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (NOT_HELMET.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * The security headers (CSP, X-Frame-Options, Referrer-Policy, …) on every response, as
 * @fastify/helmet would set them, at the cost of one object copy per request: @fastify/helmet
 * builds a new helmet middleware from its options on every request (parsing the CSP directives
 * again each time), which the API benchmark's profile showed among the top self-time entries.
 * A route may still override one (files set their own CSP).
 */
export const securityHeadersPlugin = fp(
  async function securityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
    const headers = await helmetHeaders(options);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
