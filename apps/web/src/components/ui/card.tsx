import clsx from 'clsx';
import { Slot } from 'radix-ui';
import type { HTMLAttributes } from 'react';
import './card.css';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Padding inside the card. Default `md` (16px); `none` for edge-to-edge media. */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Hover lift for cards that are links or buttons. */
  interactive?: boolean;
  asChild?: boolean;
}

/** A rounded surface: border in dark theme, the one soft shadow in light theme. */
export function Card({ padding = 'md', interactive, asChild, className, ...rest }: CardProps) {
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <Comp
      className={clsx(
        'ui-card',
        `ui-card--pad-${padding}`,
        interactive && 'ui-card--interactive',
        className,
      )}
      {...rest}
    />
  );
}
