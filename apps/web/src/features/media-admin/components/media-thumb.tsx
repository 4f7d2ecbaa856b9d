import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import './media-thumb.css';

/** A small picture in a box of fixed shape (cover 2:3, wide 16:9, banner), or a quiet placeholder. */
export function MediaThumb({
  src,
  alt = '',
  shape,
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  shape: 'cover' | 'wide' | 'banner' | 'page';
  className?: string;
}) {
  return (
    <span className={clsx('ma-thumb', `ma-thumb--${shape}`, className)}>
      {src ? (
        <img src={src} alt={alt} loading="lazy" decoding="async" className="ma-thumb__img" />
      ) : (
        <span
          className="ma-thumb__empty"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        >
          <ImageOff aria-hidden="true" />
        </span>
      )}
    </span>
  );
}
