import type { Post } from '@otakura/shared';
import { EyeOff, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNsfwOptIn } from '../hooks/use-nsfw-opt-in';
import { useRevealed } from '../hooks/use-revealed';
import './sensitive-cover.css';

/** Whether a post's media is hidden behind a cover right now (spoiler, or NSFW without opt-in). */
export function useSensitive(post: Pick<Post, 'id' | 'nsfw' | 'spoiler'>) {
  const nsfwOptIn = useNsfwOptIn();
  const [revealed, reveal] = useRevealed(post.id);
  const reason: 'spoiler' | 'nsfw' | null =
    post.spoiler && !revealed ? 'spoiler' : post.nsfw && !nsfwOptIn && !revealed ? 'nsfw' : null;
  return { hidden: reason !== null, reason, reveal };
}

export interface SensitiveCoverProps {
  post: Pick<Post, 'id' | 'nsfw' | 'spoiler'>;
  children: ReactNode;
  /** Smaller text in cards. */
  compact?: boolean;
}

/**
 * Spoilers are blurred until the user asks to see them; NSFW posts too unless the user opted in.
 * The hidden content stays out of the accessibility tree and out of the tab order.
 */
export function SensitiveCover({ post, children, compact }: SensitiveCoverProps) {
  const { t } = useTranslation('posts');
  const { hidden, reason, reveal } = useSensitive(post);
  if (!hidden) return <>{children}</>;
  return (
    <div className={compact ? 'sensitive sensitive--compact' : 'sensitive'}>
      <div className="sensitive__content" aria-hidden="true" inert>
        {children}
      </div>
      <div className="sensitive__veil">
        <span className="sensitive__icon" aria-hidden="true">
          {reason === 'spoiler' ? <EyeOff /> : <TriangleAlert />}
        </span>
        <p className="sensitive__label">
          {reason === 'spoiler' ? t('sensitive.spoiler') : t('sensitive.nsfw')}
        </p>
        <button
          type="button"
          className="sensitive__reveal"
          onClick={(event) => {
            event.stopPropagation();
            reveal();
          }}
        >
          {reason === 'spoiler' ? t('sensitive.showSpoiler') : t('sensitive.showNsfw')}
        </button>
      </div>
    </div>
  );
}
