import { liveTopics, type Comment, type CommentPinInput } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Eye, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { useCreateMomentCommentMutation } from '../api/create-moment-comment';
import { useMomentCommentsQuery, type MomentsSource } from '../api/get-moment-comments';
import { momentKeys } from '../api/moment-keys';
import { useRevealCommentMutation } from '../api/reveal-comment';
import { formatTime } from './player/format-time';
import './moment-comments.css';

/**
 * Keeps the series' moments live while the player is open: a comment created or changed on
 * `media:{id}` reads the markers, counts and lists again (a new moment reaches every viewer of
 * the episode).
 */
export function useMomentsLive(mediaId: string): void {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: momentKeys.ofMedia(mediaId) });
  useLiveTopics([liveTopics.media(mediaId)], {
    onSubscribed: (_topic, { again }) => {
      if (again) refresh();
    },
  });
  useLiveEvent('comment.created', (event) => {
    if (event.mediaId === mediaId) refresh();
  });
  useLiveEvent('comment.updated', (event) => {
    if (event.mediaId === mediaId) refresh();
  });
}

/** Whether the server sent the comment without its text (moment not reached, or a spoiler tag). */
export function isCovered(comment: Comment): boolean {
  return !!comment.pin?.covered || !!comment.spoilerTag?.covered;
}

/** Seconds of an episode pin, or null. */
export function momentOf(comment: Comment): number | null {
  return comment.pin?.kind === 'episode' ? comment.pin.atSeconds : null;
}

/** The words on a covered comment: where it is, and that the viewer has not got there. */
function useCoverText() {
  const { t } = useTranslation('moments');
  return (comment: Comment): string => {
    const pin = comment.pin;
    if (pin?.covered) {
      if (pin.kind === 'episode') {
        return pin.atSeconds === null
          ? t('coveredEpisode', { number: pin.episodeNumber })
          : t('coveredMoment', { time: formatTime(pin.atSeconds) });
      }
      return pin.page === null
        ? t('coveredIssue', { number: pin.issueNumber })
        : t('coveredPage', { page: pin.page });
    }
    return t('coveredTag');
  };
}

export interface MomentCommentItemProps {
  comment: Comment;
  /** The newest moment the playback has passed. */
  active?: boolean;
  /** Seeks the player to the comment's moment (the time chip becomes a button). */
  onSeek?: (seconds: number) => void;
  onReveal?: (comment: Comment) => void;
  revealing?: boolean;
  /** Why revealing failed. */
  revealError?: string;
  /** Shows the page chip (volume lists mix pages of several chapters). */
  showIssue?: boolean;
}

/** One pinned comment: who, where (time or page), and the text, or its cover with Reveal. */
export function MomentCommentItem({
  comment,
  active,
  onSeek,
  onReveal,
  revealing,
  revealError,
  showIssue,
}: MomentCommentItemProps) {
  const { t } = useTranslation('moments');
  const coverText = useCoverText();
  const covered = isCovered(comment);
  const pin = comment.pin;
  const at = momentOf(comment);
  const name = comment.author.username;

  let chip: ReactNode = null;
  if (at !== null) {
    const time = formatTime(at);
    chip = onSeek ? (
      <button
        type="button"
        className="moment-comment__chip moment-comment__chip--button tabular-nums"
        aria-label={t('seekTo', { time })}
        onClick={() => onSeek(at)}
      >
        {time}
      </button>
    ) : (
      <span className="moment-comment__chip tabular-nums">{time}</span>
    );
  } else if (pin?.kind === 'issue' && pin.page !== null) {
    chip = (
      <span className="moment-comment__chip tabular-nums">
        {showIssue
          ? t('onIssuePage', { number: pin.issueNumber, page: pin.page })
          : t('onPage', { page: pin.page })}
      </span>
    );
  }

  return (
    <article
      className={clsx('moment-comment', active && 'moment-comment--active')}
      aria-current={active ? 'true' : undefined}
      data-comment-id={comment.id}
    >
      <Avatar src={comment.author.avatarUrl} name={name} size={32} decorative />
      <div className="moment-comment__main">
        <header className="moment-comment__head">
          <span className="moment-comment__name">{name}</span>
          {chip}
        </header>
        {covered ? (
          <div className="moment-comment__cover">
            <p>{coverText(comment)}</p>
            {onReveal ? (
              <Button
                size="sm"
                variant="secondary"
                loading={revealing}
                aria-label={t('revealNamed', { name })}
                onClick={() => onReveal(comment)}
              >
                <Eye aria-hidden="true" size={16} />
                {t('reveal')}
              </Button>
            ) : null}
            {revealError ? (
              <p className="moment-comment__error" role="alert">
                {revealError}
              </p>
            ) : null}
          </div>
        ) : (
          <p
            className={clsx(
              'moment-comment__body',
              comment.deleted && 'moment-comment__body--deleted',
            )}
          >
            {comment.body}
          </p>
        )}
      </div>
    </article>
  );
}

/** Comments the viewer revealed, kept for this list only (a reveal is never remembered). */
export function useRevealed() {
  const [revealed, setRevealed] = useState<ReadonlyMap<string, Comment>>(new Map());
  const mutation = useRevealCommentMutation();
  const { t } = useTranslation('moments');
  return {
    pendingId: mutation.isPending ? mutation.variables : undefined,
    /** Why the last reveal failed, for the comment it was about. */
    errorOf: (comment: Comment) =>
      mutation.isError && mutation.variables === comment.id
        ? apiErrorText(t, mutation.error)
        : undefined,
    isRevealed: (comment: Comment) => revealed.has(comment.id),
    shown: (comment: Comment) => revealed.get(comment.id) ?? comment,
    reveal: (comment: Comment) =>
      mutation.mutate(comment.id, {
        onSuccess: (open) => setRevealed((map) => new Map(map).set(open.id, open)),
      }),
  };
}

export interface MomentComposerProps {
  mediaId: string;
  pin: CommentPinInput;
  /** "Comment at 0:12", "Comment on page 5", "Comment on ep 5". */
  label: string;
  onFocus?: () => void;
  /** Focus left the composer; `empty` when nothing was written. */
  onBlur?: (empty: boolean) => void;
  onPosted?: (comment: Comment) => void;
  className?: string;
}

/** A short form posting a comment pinned to `pin`; errors stay in the form. */
export function MomentComposer({
  mediaId,
  pin,
  label,
  onFocus,
  onBlur,
  onPosted,
  className,
}: MomentComposerProps) {
  const { t } = useTranslation('moments');
  const id = useId();
  const [body, setBody] = useState('');
  const create = useCreateMomentCommentMutation(mediaId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || create.isPending) return;
    create.mutate(
      { body, pin },
      {
        onSuccess: (comment) => {
          setBody('');
          onPosted?.(comment);
        },
      },
    );
  };
  return (
    <form className={clsx('moment-composer', className)} onSubmit={submit}>
      <label htmlFor={id} className="moment-composer__label tabular-nums">
        {label}
      </label>
      <div className="moment-composer__row">
        <textarea
          id={id}
          className="moment-composer__input"
          rows={1}
          value={body}
          maxLength={10_000}
          placeholder={t('placeholder')}
          onFocus={onFocus}
          onBlur={(e) => onBlur?.(!e.currentTarget.value.trim())}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
          aria-invalid={create.isError || undefined}
          aria-describedby={create.isError ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" loading={create.isPending} disabled={!body.trim()}>
          <Send aria-hidden="true" size={16} />
          {t('send')}
        </Button>
      </div>
      {create.isError ? (
        <p id={`${id}-error`} className="moment-composer__error" role="alert">
          {apiErrorText(t, create.error)}
        </p>
      ) : null}
    </form>
  );
}

export interface MomentCommentsListProps {
  source: MomentsSource;
  empty: string;
  onSeek?: (seconds: number) => void;
  showIssue?: boolean;
}

/** A whole list of pinned comments in its order, with Load more, loading, empty and error states. */
export function MomentCommentsList({ source, empty, onSeek, showIssue }: MomentCommentsListProps) {
  const { t } = useTranslation('moments');
  const query = useMomentCommentsQuery(source);
  const revealed = useRevealed();
  if (query.isPending) {
    return (
      <div className="moment-list" role="status">
        {[0, 1, 2].map((i) => (
          <div key={i} className="moment-comment" aria-hidden="true">
            <Skeleton shape="circle" width={32} height={32} />
            <div className="moment-comment__main">
              <Skeleton shape="text" width="8em" />
              <Skeleton shape="text" width="80%" />
            </div>
          </div>
        ))}
        <span className="visually-hidden">{t('common:loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="moment-list__message" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((p) => p.items);
  if (!items.length) return <p className="moment-list__message">{empty}</p>;
  return (
    <div className="moment-list">
      <ul className="moment-list__items">
        {items.map((c) => (
          <li key={c.id}>
            <MomentCommentItem
              comment={revealed.shown(c)}
              onSeek={onSeek}
              onReveal={revealed.reveal}
              revealing={revealed.pendingId === c.id}
              revealError={revealed.errorOf(c)}
              showIssue={showIssue}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="moment-list__more"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

export interface DiscussModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  source: MomentsSource;
  /** Where a new comment from this modal is pinned (the episode, the issue), or none. */
  composer?: { pin: CommentPinInput; label: string };
  onSeek?: (seconds: number) => void;
}

/** "Discuss ep 5 (42)": the comments about an episode, an issue or a volume, in a modal. */
export function DiscussModal({
  open,
  onClose,
  title,
  source,
  composer,
  onSeek,
}: DiscussModalProps) {
  const { t } = useTranslation('moments');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      size="lg"
      className="moment-discuss"
      footer={
        composer ? (
          <MomentComposer
            mediaId={source.mediaId}
            pin={composer.pin}
            label={composer.label}
            className="moment-discuss__composer"
          />
        ) : undefined
      }
    >
      {open ? (
        <MomentCommentsList
          source={source}
          empty={t('emptyDiscuss')}
          onSeek={onSeek}
          showIssue={source.kind === 'volume'}
        />
      ) : null}
    </Modal>
  );
}
