import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './new-posts-pill.css';

export interface NewPostsPillProps {
  count: number;
  onClick: () => void;
}

/** Appears over the feed when new posts exist above (announced by the live wiring). */
export function NewPostsPill({ count, onClick }: NewPostsPillProps) {
  const { t } = useTranslation('posts');
  return (
    <div className="new-posts-pill" aria-live="polite">
      {count > 0 ? (
        <button type="button" className="new-posts-pill__button" onClick={onClick}>
          <ArrowUp aria-hidden="true" />
          {t('feed.newPosts', { count })}
        </button>
      ) : null}
    </div>
  );
}
