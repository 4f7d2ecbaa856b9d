import { ShoppingBag } from 'lucide-react';

/** A line's small square picture; decorative (the name next to it says what it is). */
export function CartThumb({ src }: { src: string | null }) {
  return (
    <span className="cart-thumb" aria-hidden="true">
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" />
      ) : (
        <ShoppingBag className="cart-thumb__icon" />
      )}
    </span>
  );
}
