import clsx from 'clsx';
import { PRODUCT_NAME } from '@/lib/product';
import { useTheme } from '@/lib/theme';
import './logo.css';

/** The mark that follows the theme: the light logo on the dark theme and the dark logo on the light theme. */
export function LogoMark({
  size = 32,
  alt = PRODUCT_NAME,
  className,
}: {
  size?: number;
  alt?: string;
  className?: string;
}) {
  const { theme } = useTheme();
  return (
    <img
      className={clsx('brand-mark', className)}
      src={theme === 'dark' ? '/logo-light.svg' : '/logo-dark.svg'}
      width={size}
      height={size}
      alt={alt}
      draggable={false}
    />
  );
}

/** Mark + wordmark (the product name is configuration, so the wordmark is text). */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={clsx('brand-logo', compact && 'brand-logo--compact', className)}>
      <LogoMark size={30} alt="" />
      <span className="brand-logo__word">{PRODUCT_NAME}</span>
    </span>
  );
}
