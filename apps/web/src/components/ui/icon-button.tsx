import { Slot } from 'radix-ui';
import clsx from 'clsx';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import './icon-button.css';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Required: an icon alone has no name for screen readers. */
  'aria-label': string;
  variant?: 'ghost' | 'secondary' | 'primary';
  size?: 'sm' | 'md';
  asChild?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { variant = 'ghost', size = 'md', asChild = false, className, type, children, ...rest },
  ref,
) {
  const classes = clsx(
    'ui-icon-button',
    `ui-icon-button--${variant}`,
    `ui-icon-button--${size}`,
    className,
  );
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button ref={ref} type={type ?? 'button'} className={classes} {...rest}>
      {children}
    </button>
  );
});
