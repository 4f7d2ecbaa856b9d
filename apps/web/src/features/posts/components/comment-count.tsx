import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import './post-actions.css';

export interface CommentCountProps {
  count: number;
  /** When given, the count is a button (opening the post and its comments). */
  onOpen?: () => void;
  size?: 'sm' | 'md';
}

export function CommentCount({ count, onOpen, size = 'sm' }: CommentCountProps) {
  const { t } = useTranslation('posts');
  const label = t('comments.count', { count, formatted: formatNumber(count) });
  const inner = (
    <>
      <MessageCircle className="post-action__icon" aria-hidden="true" />
      <span className="post-action__count tabular-nums" aria-hidden="true">
        {formatCompact(count)}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
  if (onOpen) {
    return (
      <button
        type="button"
        className={clsx('post-action', `post-action--${size}`, 'post-action--pill')}
        onClick={onOpen}
      >
        {inner}
      </button>
    );
  }
  return <span className={clsx('post-action', `post-action--${size}`)}>{inner}</span>;
}
