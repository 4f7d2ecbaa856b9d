import { useSyncExternalStore } from 'react';
import type { Session, User } from 'better-auth';

/**
 * The session store over Better Auth's HTTP API, mounted by the server at /api/auth on the same
 * origin (cookies stay first-party). Plain `fetch`: the app signs in, signs up and changes
 * passwords through the API client, so of Better Auth's browser client (~10 kB gzip on every
 * page) only the session store was used. It keeps its behaviour: one shared answer of
 * `GET /get-session` (dates revived as `Date`s), fetched on first use, again when the tab comes
 * back into view (at most every 5 s) and when another tab signs out.
 */
const BASE = '/api/auth';

export interface AuthSession {
  session: Session;
  user: User;
}
/** The signed-in user; the server also sends the username and two-factor plugin fields. */
export type SessionUser = AuthSession['user'] & {
  username?: string | null;
  displayUsername?: string | null;
  twoFactorEnabled?: boolean | null;
  role?: string | null;
};

export interface SessionSnapshot {
  data: AuthSession | null;
  /** True until the first answer. */
  isPending: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?(?:Z|[+-]\d{2}:\d{2})$/;
const reviveDates = (_key: string, value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value;

const FOCUS_REFETCH_SECONDS = 5;
const CHANNEL = 'otakura.session';

let snapshot: SessionSnapshot = { data: null, isPending: true };
let inFlight: Promise<void> | null = null;
let lastRequest = 0;
let started = false;
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** One `GET /get-session` at a time; a failure keeps what was known (null before any answer). */
function fetchSession(): Promise<void> {
  lastRequest = Date.now();
  inFlight ??= fetch(`${BASE}/get-session`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then(async (res) => {
      if (!res.ok) throw new Error(`get-session answered ${res.status}`);
      const text = await res.text();
      const data = (text ? JSON.parse(text, reviveDates) : null) as AuthSession | null;
      publish({ data: data?.session && data.user ? data : null, isPending: false });
    })
    .catch((error: unknown) => {
      console.warn('session check failed', error);
      publish({ data: snapshot.data, isPending: false });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

let channel: BroadcastChannel | null = null;

/**
 * Starts the session store: the first `GET /get-session` and the listeners. Runs on the first
 * `useSession()`; main.tsx calls it at startup so the answer is on its way during the first
 * render's other loads. Resolves with the state once the first answer is in.
 */
export function startSession(): Promise<SessionSnapshot> {
  start();
  return (firstAnswer ?? Promise.resolve()).then(getSnapshot);
}

/** The first `GET /get-session` (it never rejects: a failure is an answer, signed out). */
let firstAnswer: Promise<void> | undefined;

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  firstAnswer = fetchSession();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - lastRequest < FOCUS_REFETCH_SECONDS * 1000) return;
    void fetchSession();
  });
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void fetchSession();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => snapshot;

export const authClient = {
  /** The shared session answer; every component reading it re-renders when it changes. */
  useSession(): SessionSnapshot {
    return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  },
  /** `POST /sign-out`; the session store is signed out here and in every other tab. */
  async signOut(): Promise<{ error: { message?: string } | null }> {
    try {
      const res = await fetch(`${BASE}/sign-out`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '{}',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        return { error: { message: body?.message ?? `Sign-out failed (${res.status})` } };
      }
    } catch (error) {
      return { error: { message: error instanceof Error ? error.message : String(error) } };
    }
    publish({ data: null, isPending: false });
    channel?.postMessage('signed-out');
    return { error: null };
  },
};

/** Ask the server for the session again (after the API answered 401, for example). */
export function refreshSession(): void {
  void fetchSession();
}

/**
 * Fetches the session again and resolves once the shared session store holds the answer: call it
 * after signing in through the API client, before navigating to a protected page.
 */
export async function reloadSession(): Promise<void> {
  await inFlight;
  await fetchSession();
}
