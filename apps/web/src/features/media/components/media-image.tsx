import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import './media-image.css';

export interface MediaImageProps {
  src: string | null;
  /** '' for a decorative picture (the text next to it names it). */
  alt: string;
  /** The box's shape, reserved before the picture arrives so nothing jumps. */
  ratio: 'cover' | 'banner' | 'video' | 'page';
  className?: string;
  /** Lazy unless the picture is at the top of the page. */
  eager?: boolean;
}

/**
 * A picture in a box of a fixed aspect ratio (cover 2:3, banner wide, video 16:9, page 3:4) with a
 * soft gradient while it loads, or when there is none.
 */
export function MediaImage({ src, alt, ratio, className, eager }: MediaImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <span className={clsx('media-image', `media-image--${ratio}`, className)}>
      {shown ? (
        <img
          className="media-image__img"
          src={shown}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(shown)}
        />
      ) : (
        <span
          className="media-image__empty"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        >
          {ratio !== 'banner' ? <ImageOff aria-hidden="true" /> : null}
        </span>
      )}
    </span>
  );
}
