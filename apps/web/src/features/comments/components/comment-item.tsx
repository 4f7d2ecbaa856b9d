import { commentElapsedLabel, SYSTEM_USER_ID, type Comment } from '@otakura/shared';
import clsx from 'clsx';
import { Heart, MessageCircle, MoreHorizontal } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { IconButton } from '@/components/ui/icon-button';
import { formatCompact } from '@/lib/format';
import { formatDate } from '@/lib/i18n';
import { SpoilerCover } from '@/components/spoiler/spoiler-cover';
import { useRevealComment, useShownComment } from '../hooks/use-comment-reveal';
import { isPendingComment } from '../utils/comment-cache';

export interface CommentItemProps {
  comment: Comment;
  viewerId: string | null;
  /** Milliseconds since the epoch; the time label is relative to it. */
  now: number;
  isReply?: boolean;
  onReply: (comment: Comment) => void;
  onOptions: (comment: Comment) => void;
  onToggleLike: (comment: Comment) => void;
}

/** The spec's comment label ('s', 'm', 'h', 'd', 'w') in the current language. */
export function useCommentTimeLabel() {
  const { t } = useTranslation('comments');
  return (createdAt: string, now: number) => {
    const label = commentElapsedLabel((now - Date.parse(createdAt)) / 1000);
    const m = /^(\d+)([smhdw])$/.exec(label);
    return m ? t(`time.${m[2] as 's' | 'm' | 'h' | 'd' | 'w'}`, { count: Number(m[1]) }) : label;
  };
}

/**
 * One comment: avatar, username (a link to the profile), time, text, like and reply, and the
 * options button. Comments of the fixed system user (deleted ones) show no like and no options
 * (spec §6); your own comment's like is shown but disabled.
 */
export function CommentItem({
  comment: fromCache,
  viewerId,
  now,
  isReply = false,
  onReply,
  onOptions,
  onToggleLike,
}: CommentItemProps) {
  const { t } = useTranslation('comments');
  // A spoiler the viewer revealed shows its text (the cache keeps the covered comment).
  const comment = useShownComment(fromCache);
  const spoiler = useRevealComment(comment.id);
  // A comment pinned to a moment the viewer has not reached comes covered too (docs/moments.md).
  const covered =
    (comment.spoilerTag?.covered === true || comment.pin?.covered === true) && !comment.deleted;
  const timeLabel = useCommentTimeLabel();
  const system = comment.author.id === SYSTEM_USER_ID || comment.deleted;
  const pending = isPendingComment(comment);
  const own = viewerId !== null && comment.author.id === viewerId;
  const username = comment.author.username;

  return (
    <article
      className={clsx(
        'comment',
        isReply && 'comment--reply',
        pending && 'comment--pending',
        system && 'comment--deleted',
      )}
      aria-busy={pending || undefined}
    >
      {system ? (
        <Avatar
          name={username}
          src={comment.author.avatarUrl}
          size={isReply ? 32 : 40}
          decorative
        />
      ) : (
        <Link
          to={`/user/${comment.author.id}`}
          className="comment__avatar"
          tabIndex={-1}
          aria-hidden="true"
        >
          <Avatar
            name={username}
            src={comment.author.avatarUrl}
            size={isReply ? 32 : 40}
            decorative
          />
        </Link>
      )}
      <div className="comment__main">
        <div className="comment__meta">
          {system ? (
            <span className="comment__author">{username}</span>
          ) : (
            <Link to={`/user/${comment.author.id}`} className="comment__author">
              {username}
            </Link>
          )}
          {pending ? (
            <span className="comment__time">{t('sending')}</span>
          ) : (
            <time
              className="comment__time"
              dateTime={comment.createdAt}
              title={formatDate(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            >
              {timeLabel(comment.createdAt, now)}
            </time>
          )}
          {comment.edited && !comment.deleted ? (
            <span className="comment__edited">· {t('edited')}</span>
          ) : null}
        </div>
        {covered ? (
          <SpoilerCover
            tag={comment.spoilerTag?.covered ? comment.spoilerTag : undefined}
            text={comment.spoilerTag?.covered ? undefined : pinCoverText(t, comment)}
            onReveal={spoiler.reveal}
            pending={spoiler.pending}
            failed={spoiler.failed}
            compact
            className="comment__spoiler"
          />
        ) : null}
        <p className="comment__body" hidden={covered}>
          {comment.replyTo ? (
            <span
              className="comment__mention"
              title={t('reply.inReplyTo', { username: comment.replyTo.username })}
            >
              @{comment.replyTo.username}{' '}
            </span>
          ) : null}
          {comment.deleted ? t('deletedText') : comment.body}
        </p>
        {pending ? null : (
          <div className="comment__actions">
            {system ? null : (
              <LikeButton comment={comment} own={own} onToggle={() => onToggleLike(comment)} />
            )}
            {comment.deleted ? null : (
              <button type="button" className="comment__action" onClick={() => onReply(comment)}>
                <MessageCircle aria-hidden="true" />
                <span>{t('reply.button')}</span>
              </button>
            )}
          </div>
        )}
      </div>
      {system || pending ? null : (
        <IconButton
          aria-label={t('options.button')}
          size="sm"
          className="comment__options"
          aria-haspopup="dialog"
          onClick={() => onOptions(comment)}
        >
          <MoreHorizontal aria-hidden="true" />
        </IconButton>
      )}
    </article>
  );
}

function LikeButton({
  comment,
  own,
  onToggle,
}: {
  comment: Comment;
  own: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('comments');
  const button = (
    <button
      type="button"
      className={clsx('comment__action', 'comment__like', comment.likedByMe && 'comment__like--on')}
      aria-pressed={comment.likedByMe}
      // Focusable while disabled, so the tooltip saying why can be reached by keyboard too.
      aria-disabled={own || undefined}
      onClick={own ? undefined : onToggle}
    >
      <Heart aria-hidden="true" />
      {/* Named by its content ("Like 2"), so the visible count is part of the name. */}
      <span className="visually-hidden">{t('like.action')} </span>
      <span className="tabular-nums">{formatCompact(comment.likeCount)}</span>
    </button>
  );
  if (!own) return button;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="comments-tooltip" side="top" sideOffset={6}>
          {t('like.ownTooltip')}
          <Tooltip.Arrow className="comments-tooltip__arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** The cover of a comment pinned to a moment or page the viewer has not reached. */
function pinCoverText(t: TFunction<'comments'>, comment: Comment): string {
  const pin = comment.pin;
  if (!pin) return '';
  if (pin.kind === 'episode') {
    if (pin.atSeconds === null) return t('pinCovered.episode', { number: pin.episodeNumber });
    const s = Math.floor(pin.atSeconds);
    const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    return t('pinCovered.moment', { number: pin.episodeNumber, time });
  }
  return pin.page === null
    ? t('pinCovered.issue', { number: pin.issueNumber })
    : t('pinCovered.page', { number: pin.issueNumber, page: pin.page });
}
