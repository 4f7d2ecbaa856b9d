import { vi } from 'vitest';

/*
 * jsdom has no media pipeline: `play()` and `pause()` are "not implemented" and nothing ever
 * plays. This stands a small fake in for HTMLMediaElement's state and methods, firing the events
 * a browser fires, so tests drive the player like a real video: metadata arrives, time passes,
 * it ends. `restore()` puts jsdom's own back.
 */

interface MediaState {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
  readyState: number;
}

const PROPS = [
  'paused',
  'ended',
  'currentTime',
  'duration',
  'volume',
  'muted',
  'playbackRate',
  'defaultPlaybackRate',
  'readyState',
] as const;

const EVENTS_ON_SET: Partial<Record<keyof MediaState, string[]>> = {
  currentTime: ['seeking', 'seeked', 'timeupdate'],
  volume: ['volumechange'],
  muted: ['volumechange'],
  playbackRate: ['ratechange'],
};

export interface FakeMediaOptions {
  /** Like a browser's autoplay policy: `play()` with sound is refused (NotAllowedError). */
  refuseUnmutedPlay?: boolean;
}

export function installFakeMedia(options: FakeMediaOptions = {}) {
  const proto = HTMLMediaElement.prototype;
  const states = new WeakMap<HTMLMediaElement, MediaState>();
  const stateOf = (media: HTMLMediaElement): MediaState => {
    let state = states.get(media);
    if (!state) {
      state = {
        paused: true,
        ended: false,
        currentTime: 0,
        duration: NaN,
        volume: 1,
        muted: false,
        playbackRate: 1,
        defaultPlaybackRate: 1,
        readyState: 0,
      };
      states.set(media, state);
    }
    return state;
  };
  const fire = (media: HTMLMediaElement, ...types: string[]) => {
    for (const type of types) media.dispatchEvent(new Event(type));
  };

  const saved = new Map<PropertyKey, PropertyDescriptor | undefined>();
  const define = (name: PropertyKey, descriptor: PropertyDescriptor) => {
    saved.set(name, Object.getOwnPropertyDescriptor(proto, name));
    Object.defineProperty(proto, name, { configurable: true, ...descriptor });
  };

  for (const name of PROPS) {
    define(name, {
      get(this: HTMLMediaElement) {
        return stateOf(this)[name];
      },
      set(this: HTMLMediaElement, value: never) {
        const state = stateOf(this);
        (state as unknown as Record<string, unknown>)[name] = value;
        if (name === 'currentTime') state.ended = false;
        fire(this, ...(EVENTS_ON_SET[name] ?? []));
      },
    });
  }

  const play = vi.fn(function (this: HTMLMediaElement): Promise<void> {
    const state = stateOf(this);
    if (options.refuseUnmutedPlay && !state.muted) {
      return Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
    }
    if (state.ended) state.currentTime = 0;
    state.ended = false;
    if (state.paused) {
      state.paused = false;
      fire(this, 'play', 'playing');
    }
    return Promise.resolve();
  });
  const pause = vi.fn(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    if (state.paused) return;
    state.paused = true;
    fire(this, 'pause');
  });
  const load = vi.fn(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    state.paused = true;
    state.readyState = 0;
    fire(this, 'emptied', 'loadstart');
  });
  define('play', { value: play, writable: true });
  define('pause', { value: pause, writable: true });
  define('load', { value: load, writable: true });

  return {
    play,
    pause,
    load,
    state: (media: HTMLMediaElement) => stateOf(media),
    /** The browser read the file's header: duration known. */
    loadMetadata(media: HTMLMediaElement, duration: number) {
      const state = stateOf(media);
      state.duration = duration;
      state.readyState = 1;
      fire(media, 'durationchange', 'loadedmetadata');
    },
    /** Playback moved on by itself (no seek). */
    advance(media: HTMLMediaElement, seconds: number) {
      const state = stateOf(media);
      state.currentTime = Math.min(state.currentTime + seconds, state.duration || Infinity);
      fire(media, 'timeupdate');
    },
    /** The video reached its end. */
    end(media: HTMLMediaElement) {
      const state = stateOf(media);
      state.currentTime = state.duration;
      state.paused = true;
      state.ended = true;
      fire(media, 'timeupdate', 'pause', 'ended');
    },
    /** The file could not be loaded or decoded. */
    fail(media: HTMLMediaElement) {
      fire(media, 'error');
    },
    restore() {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, name, descriptor);
        else delete (proto as unknown as Record<PropertyKey, unknown>)[name];
      }
    },
  };
}

export type FakeMedia = ReturnType<typeof installFakeMedia>;
