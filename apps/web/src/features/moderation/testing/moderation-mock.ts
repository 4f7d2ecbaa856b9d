import type { AuditEntry, ModerationCase, UserStanding, UserSummary } from '@otakura/shared';
import { vi } from 'vitest';

/*
 * A fetch stub for the moderation feature's tests (features keep their own: they may not import
 * each other) and fixtures in the contract's shapes.
 */

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

type Reply = Response | { status?: number; body?: unknown };
export type Handler = Reply | ((req: MockRequest) => Reply | Promise<Reply>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string, details?: unknown) {
  return json({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

/** Stubs `fetch` with handlers keyed `"METHOD /api/path"` (query ignored); others answer 404. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const req: MockRequest = { method, path: url.pathname + url.search, url, body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined)
      return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
    const reply = typeof handler === 'function' ? await handler(req) : handler;
    if (reply instanceof Response) return reply.clone();
    return json(reply.body ?? null, reply.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const page = <T>(items: T[], nextCursor: string | null = null) => ({
  body: { items, nextCursor },
});

export const HOUR = 3_600_000;

export function makeSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return { id: 'user-3', username: 'hana', name: 'Hana Sato', avatarUrl: null, ...overrides };
}

export function makeStanding(overrides: Partial<UserStanding> = {}): UserStanding {
  return {
    id: 'author-1',
    username: 'kenji',
    name: 'Kenji Mori',
    avatarUrl: null,
    role: 'user',
    suspended: false,
    suspendedUntil: null,
    suspensionReason: null,
    warningCount: 0,
    createdAt: '2025-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An open comment case first reported `reportedHoursAgo` hours ago (due 24 hours after). */
export function makeCase(
  overrides: Partial<ModerationCase> = {},
  reportedHoursAgo = 5,
): ModerationCase {
  const first = Date.now() - reportedHoursAgo * HOUR;
  return {
    targetType: 'comment',
    targetId: 'comment-1',
    status: 'open',
    content: {
      snapshot: 'You are all idiots for liking this show.',
      current: 'You are all idiots for liking this show.',
      imageUrl: null,
      context: {
        communityId: 'community-1',
        communityName: 'Isekai Corner',
        postId: 'post-1',
        postTitle: 'Best opening of 2026?',
        mediaId: null,
        mediaTitle: null,
      },
      link: '/post/post-1',
      gone: false,
    },
    author: makeStanding(),
    reportCount: 3,
    reasons: [
      { reason: 'harassment', count: 2 },
      { reason: 'spam', count: 1 },
    ],
    reports: [
      {
        id: 'report-1',
        reporter: makeSummary({ id: 'rep-1', username: 'hana' }),
        reason: 'harassment',
        details: null,
        createdAt: new Date(first + HOUR).toISOString(),
      },
      {
        id: 'report-2',
        reporter: makeSummary({ id: 'rep-2', username: 'yui', name: 'Yui' }),
        reason: 'other',
        details: 'Insults everyone in the thread.',
        createdAt: new Date(first).toISOString(),
      },
    ],
    firstReportedAt: new Date(first).toISOString(),
    dueAt: new Date(first + 24 * HOUR).toISOString(),
    resolution: null,
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'audit-1',
    actor: makeSummary({ id: 'mod-1', username: 'mod' }),
    action: 'user.suspend',
    targetType: 'user',
    targetId: 'author-1',
    subject: makeSummary({ id: 'author-1', username: 'kenji' }),
    reason: 'Repeated harassment.',
    label: '@kenji',
    details: { durationDays: 7 },
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}
