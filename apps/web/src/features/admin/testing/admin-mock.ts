import type { AdminOrder, Community, ShopItem } from '@otakura/shared';
import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = { status?: number; body?: unknown };
export type Handler = Reply | ((req: MockRequest) => Reply | Promise<Reply>);

/** `{ error: { code, message, details } }` with its status, as the server answers. */
export function apiError(status: number, code: string, message: string, details?: unknown) {
  return { status, body: { error: { code, message, ...(details ? { details } : {}) } } };
}

/**
 * Stubs `fetch` with handlers keyed `"METHOD /api/path"` (query string ignored; a reply is
 * `{ status?, body? }`); unknown calls answer 404. `calls` records every request.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      const req = { method, url, body };
      calls.push(req);
      const handler = routes[`${method} ${url.pathname}`];
      const reply: Reply =
        handler === undefined
          ? apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`)
          : typeof handler === 'function'
            ? await handler(req)
            : handler;
      const status = reply.status ?? 200;
      return new Response(JSON.stringify(reply.body ?? null), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls };
}

/** Just enough of XMLHttpRequest for the upload transport; the test drives each one. */
export class FakeXhr {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  sent: FormData | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  /** Every byte sent, then the server's answer. */
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Replaces XMLHttpRequest with FakeXhr (undo with `vi.unstubAllGlobals()`). */
export function installFakeXhr() {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.made;
}

export const COMMUNITY_ID = '0190eeee-0000-7000-8000-00000000c001';

export function makeCommunity(overrides: Partial<Community> = {}): Community {
  return {
    id: COMMUNITY_ID,
    name: 'Mecha Lovers',
    imageUrl: null,
    thumbnailUrl: null,
    memberCount: 12,
    about: 'Giant robots, every week.',
    postCount: 40,
    isMember: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const ITEM_ID = '0190eeee-0000-7000-8000-00000000a001';

export function makeItem(overrides: Partial<ShopItem> = {}): ShopItem {
  return {
    id: ITEM_ID,
    name: 'Frieren acrylic stand',
    imageUrl: null,
    priceCents: 1999,
    currency: 'usd',
    likeCount: 0,
    likedByMe: false,
    quantity: 3,
    soldOut: false,
    about: 'A 15 cm stand.',
    condition: 'New',
    shippingCents: 450,
    seller: { id: 'u-admin', username: 'root', name: 'Root', avatarUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    series: null,
    volume: null,
    communities: [],
    ...overrides,
  };
}

let orderSeq = 0;

export function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  orderSeq += 1;
  return {
    id: `0190ffff-0000-7000-8000-${String(orderSeq).padStart(12, '0')}`,
    status: 'paid',
    lines: [
      {
        itemId: ITEM_ID,
        name: 'Frieren acrylic stand',
        imageUrl: null,
        unitPriceCents: 1999,
        shippingCents: 450,
        quantity: 2,
      },
    ],
    promoCode: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: '2026-03-01T10:02:00.000Z',
    expiresAt: null,
    cancelReason: null,
    shippedAt: null,
    subtotalCents: 3998,
    shippingCents: 900,
    discountCents: 0,
    taxCents: 0,
    totalCents: 4898,
    currency: 'usd',
    buyer: { id: 'u-buyer', username: 'fern', name: 'Fern', avatarUrl: null },
    ...overrides,
  };
}
