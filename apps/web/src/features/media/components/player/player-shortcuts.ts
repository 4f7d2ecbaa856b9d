/** Seconds the arrow keys seek, and the volume step of ↑/↓. */
export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.05;

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'volume-by'; delta: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' };

function isTextEntry(target: Element): boolean {
  return (
    (target instanceof HTMLElement && target.isContentEditable) ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && target.type !== 'range')
  );
}

/**
 * The player's keyboard (YouTube's keys): space or k play/pause, ←/→ seek 5 s, ↑/↓ volume,
 * f full screen, m mute. Keys keep their own meaning where they have one: space on a button
 * presses it, arrows on the volume slider move it, and menus and text fields are left alone.
 * Escape is the dialog's (it closes the player).
 */
export function playerActionForKey(event: {
  key: string;
  target: EventTarget | null;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): PlayerAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target) {
    if (isTextEntry(target)) return null;
    if (target.closest('[role="menu"], [role="menuitem"], [role="menuitemradio"]')) return null;
  }
  const onButton = !!target?.closest('button, a[href], [role="button"]');
  const onVolume = !!target?.closest('[data-player-volume]');
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return onButton ? null : { type: 'toggle-play' };
    case 'k':
    case 'K':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return onVolume ? null : { type: 'seek-by', seconds: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return onVolume ? null : { type: 'seek-by', seconds: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return onVolume ? null : { type: 'volume-by', delta: VOLUME_STEP };
    case 'ArrowDown':
      return onVolume ? null : { type: 'volume-by', delta: -VOLUME_STEP };
    case 'f':
    case 'F':
      return { type: 'toggle-fullscreen' };
    case 'm':
    case 'M':
      return { type: 'toggle-mute' };
    default:
      return null;
  }
}
