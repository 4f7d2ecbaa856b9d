import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import './shop-image.css';

export interface ShopImageProps {
  src: string | null;
  /** '' for a decorative picture (the text next to it names it). */
  alt: string;
  className?: string;
  /** Lazy unless the picture is at the top of the page. */
  eager?: boolean;
}

/**
 * An item's picture in a square box, reserved before the picture arrives so nothing jumps, with a
 * soft gradient while it loads or when there is none.
 */
export function ShopImage({ src, alt, className, eager }: ShopImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <span className={clsx('shop-image', className)}>
      {shown ? (
        <img
          className="shop-image__img"
          src={shown}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(shown)}
        />
      ) : (
        <span
          className="shop-image__empty"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        >
          <ImageOff aria-hidden="true" />
        </span>
      )}
    </span>
  );
}
