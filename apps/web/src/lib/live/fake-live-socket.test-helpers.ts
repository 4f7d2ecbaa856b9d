import { vi } from 'vitest';
import type { LiveSocket } from './live-client';

/** A WebSocket stand-in: records what the client sends; the test opens, answers and closes it. */
export class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  static get last(): FakeSocket {
    const s = FakeSocket.all[FakeSocket.all.length - 1];
    if (!s) throw new Error('no socket was opened');
    return s;
  }
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Test side
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.({
      data: typeof data === 'string' ? data : JSON.stringify(data),
    } as MessageEvent);
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

/**
 * Makes the app's live client (lib/live, created by the providers) open FakeSockets: call before
 * rendering a route; `vi.unstubAllGlobals()` undoes it. `openLive()` opens the newest socket and
 * confirms whatever it subscribes to, as the server would.
 */
export function installFakeLiveSocket() {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  return {
    get socket() {
      return FakeSocket.last;
    },
    /** Every topic the newest socket has been asked to watch (and not to unwatch since). */
    watched(): string[] {
      const topics = new Set<string>();
      for (const m of FakeSocket.last.sent as { type: string; topics?: string[] }[]) {
        if (m.type === 'subscribe') m.topics?.forEach((t) => topics.add(t));
        if (m.type === 'unsubscribe') m.topics?.forEach((t) => topics.delete(t));
      }
      return [...topics];
    },
    /** Confirms every topic subscribed so far (the server's `subscribed` answer). */
    confirm() {
      FakeSocket.last.receive({ type: 'subscribed', topics: this.watched(), denied: [] });
    },
    /** A server event (validated by the client like a real frame). */
    emit(event: Record<string, unknown>) {
      FakeSocket.last.receive(event);
    },
  };
}
