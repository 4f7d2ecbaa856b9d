import clsx from 'clsx';
import type { CSSProperties } from 'react';
import './skeleton.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** `text` is a line of body text, `circle` an avatar, `rect` anything else. */
  shape?: 'rect' | 'text' | 'circle';
  className?: string;
  style?: CSSProperties;
}

/**
 * A placeholder shaped like the content. Decorative (aria-hidden): the loading region itself
 * says 'Loading...' to screen readers. The shimmer stops under reduced motion.
 */
export function Skeleton({ width, height, shape = 'rect', className, style }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={clsx('ui-skeleton', `ui-skeleton--${shape}`, className)}
      style={{ width, height, ...style }}
    />
  );
}
