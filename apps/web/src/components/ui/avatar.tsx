import clsx from 'clsx';
import { Avatar as RadixAvatar } from 'radix-ui';
import './avatar.css';

export interface AvatarProps {
  src?: string | null;
  /** The person's or community's name: the image's alt text and the fallback initials. */
  name: string;
  size?: 24 | 32 | 40 | 48 | 64 | 96 | 128;
  /** Decorative when the name is already shown next to it. */
  decorative?: boolean;
  className?: string;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const second = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  const letters = second
    ? [...first].slice(0, 1).concat([...second].slice(0, 1))
    : [...first].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}

/** One of four palette gradients, stable for a name. */
function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h % 4;
}

export function Avatar({ src, name, size = 40, decorative = false, className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={clsx('ui-avatar', `ui-avatar--tone-${hue(name)}`, className)}
      style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)) }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {src ? <RadixAvatar.Image className="ui-avatar__image" src={src} alt="" /> : null}
      <RadixAvatar.Fallback className="ui-avatar__fallback" delayMs={src ? 400 : undefined}>
        {initials(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
