import { useState } from 'react';
import { storage } from '@/lib/storage';

/** Where the player keeps its choices on this device (lib/storage.ts: `otakura.` prefix). */
export const PLAYER_STORAGE_KEYS = {
  volume: 'otakura.player.volume',
  muted: 'otakura.player.muted',
  speed: 'otakura.player.speed',
  upNext: 'otakura.player.upNext',
} as const;

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Seconds before the next episode plays by itself; 'off' never. */
export const UP_NEXT_CHOICES = [5, 8, 15] as const;
export const DEFAULT_UP_NEXT_SECONDS = 8;
export type UpNextSetting = (typeof UP_NEXT_CHOICES)[number] | 'off';

export interface PlayerSettings {
  /** 0…1. */
  volume: number;
  muted: boolean;
  speed: number;
  upNext: UpNextSetting;
}

function readNumber(key: string, valid: (n: number) => boolean, fallback: number): number {
  const raw = storage.get(key);
  if (raw === null) return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && valid(n) ? n : fallback;
}

export function readPlayerSettings(): PlayerSettings {
  const upNextRaw = storage.get(PLAYER_STORAGE_KEYS.upNext);
  const upNextNumber = Number(upNextRaw);
  const upNext: UpNextSetting =
    upNextRaw === 'off'
      ? 'off'
      : (UP_NEXT_CHOICES.find((c) => c === upNextNumber) ?? DEFAULT_UP_NEXT_SECONDS);
  return {
    volume: readNumber(PLAYER_STORAGE_KEYS.volume, (n) => n >= 0 && n <= 1, 1),
    muted: storage.get(PLAYER_STORAGE_KEYS.muted) === 'true',
    speed: readNumber(
      PLAYER_STORAGE_KEYS.speed,
      (n) => (PLAYBACK_SPEEDS as readonly number[]).includes(n),
      1,
    ),
    upNext,
  };
}

/**
 * Volume, mute, speed and the up-next countdown, remembered on this device. Only the viewer's own
 * changes are stored (a muted autoplay forced by the browser is not their choice).
 */
export function usePlayerSettings() {
  const [settings, setSettings] = useState(readPlayerSettings);

  const update = <K extends keyof PlayerSettings>(key: K, value: PlayerSettings[K]) => {
    storage.set(PLAYER_STORAGE_KEYS[key], String(value));
    setSettings((current) => ({ ...current, [key]: value }));
  };

  return {
    settings,
    setVolume: (volume: number) => update('volume', Math.min(Math.max(volume, 0), 1)),
    setMuted: (muted: boolean) => update('muted', muted),
    setSpeed: (speed: number) => update('speed', speed),
    setUpNext: (upNext: UpNextSetting) => update('upNext', upNext),
  };
}
