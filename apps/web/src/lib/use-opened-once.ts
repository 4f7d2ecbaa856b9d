import { useState } from 'react';

/**
 * True from the first render where `open` is true, and from then on: a dialog whose code is
 * fetched on first use mounts then and stays mounted (its closing animation, its focus return).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
