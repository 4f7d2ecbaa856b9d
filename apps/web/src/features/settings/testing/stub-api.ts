import type { Settings } from '@otakura/shared';
import { vi } from 'vitest';

export const settingsFixture = (over: Partial<Settings> = {}): Settings => ({
  defaultSort: 'new',
  language: 'auto',
  notifications: { comments: true, replies: true, likes: true, follows: true, email: false },
  dmPolicy: 'everyone',
  nsfwOptIn: false,
  canOptInNsfw: true,
  ratingPromptSeen: false,
  blurUnwatchedThumbnails: false,
  showOwnedVolumes: false,
  ...over,
});

export const appConfigFixture = (over: Record<string, unknown> = {}) => ({
  productName: 'Otakura',
  productSlug: 'otakura',
  premiumMonthlyPriceCents: 499,
  currency: 'usd',
  mobileAppUrl: null,
  contactEmail: 'privacy@otakura.example',
  ...over,
});

type Reply = unknown | { status: number; body: unknown };
type Handler = (body: unknown, url: URL) => Reply;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch with answers by "METHOD /api/path" (a value answers 200, `{ status, body }` any
 * status); anything else answers 404. Returns the calls made, for assertions.
 */
export function stubApi(handlers: Record<string, Handler | Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      const key = `${method} ${url.pathname}`;
      if (!(key in handlers)) {
        return json(404, { error: { code: 'not_found', message: `No stub for ${key}` } });
      }
      const handler = handlers[key];
      const reply = typeof handler === 'function' ? (handler as Handler)(body, url) : handler;
      if (reply && typeof reply === 'object' && 'status' in reply && 'body' in reply) {
        const r = reply as { status: number; body: unknown };
        return json(r.status, r.body);
      }
      return json(200, reply);
    }),
  );
  return calls;
}
