import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/** The reader's bars hide after this long without input. */
export const READER_MENU_HIDE_MS = 3000;

/**
 * The reader's menu (top and bottom bars): shown at first, hidden after `READER_MENU_HIDE_MS`
 * without input. It stays while the pointer is over a bar, and while a keyboard user's focus is
 * in one (a control being used never vanishes); focus arriving in a bar shows it.
 */
export function useReaderMenu() {
  const [visible, setVisible] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  // Bumped by every input that restarts the countdown.
  const [activity, setActivity] = useState(0);
  const lastInput = useRef<'keyboard' | 'pointer'>('pointer');

  const held = hovered || keyboardFocus;
  useEffect(() => {
    if (!visible || held) return;
    const timer = setTimeout(() => setVisible(false), READER_MENU_HIDE_MS);
    return () => clearTimeout(timer);
  }, [visible, held, activity]);

  // Whether focus came from the keyboard: pointer focus (a clicked button) does not hold the menu.
  useEffect(() => {
    const onKey = () => (lastInput.current = 'keyboard');
    const onPointer = () => (lastInput.current = 'pointer');
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);

  const show = useCallback(() => {
    setVisible(true);
    setActivity((n) => n + 1);
  }, []);
  const hide = useCallback(() => setVisible(false), []);
  const toggle = useCallback(() => {
    setVisible((v) => !v);
    setActivity((n) => n + 1);
  }, []);
  /** Any input inside the bars keeps them a while longer. */
  const touch = useCallback(() => setActivity((n) => n + 1), []);

  /** Spread on each bar. */
  const barProps = {
    onPointerEnter: (e: { pointerType: string }) => {
      if (e.pointerType === 'mouse') setHovered(true);
    },
    onPointerLeave: () => setHovered(false),
    onFocus: () => {
      if (lastInput.current === 'keyboard') {
        setKeyboardFocus(true);
        setVisible(true);
      }
      setActivity((n) => n + 1);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      const next = e.relatedTarget;
      if (!(next instanceof Node && e.currentTarget.contains(next))) setKeyboardFocus(false);
    },
    onInput: touch,
    onClick: touch,
  };

  return { visible, show, hide, toggle, touch, barProps };
}
