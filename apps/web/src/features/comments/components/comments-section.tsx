import type { Comment } from '@otakura/shared';
import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toSpoilerTagInput, type SpoilerDraft } from '@/components/spoiler/spoiler-tag-picker';
import { useToast } from '@/components/ui/toast';
import { useNow } from '@/lib/use-now';
import { useBlockAuthorMutation } from '../api/block-author';
import type { CommentTarget } from '../api/comment-keys';
import { useCreateCommentMutation } from '../api/create-comment';
import { useDeleteCommentMutation } from '../api/delete-comment';
import { useCommentsQuery } from '../api/get-comments';
import { useLikeCommentMutation } from '../api/like-comment';
import { useCommentsLive } from '../hooks/use-comments-live';
import { flattenComments, groupThreads } from '../utils/comment-threads';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { CommentOptionsModal, type CommentOption } from './comment-options-modal';
import { useCommentsViewer } from './comments-viewer';
import { EditCommentModal } from './edit-comment-modal';
import { ReportCommentModal } from './report-comment-modal';
import './comments.css';

export type CommentsSectionProps = (
  { postId: string; mediaId?: never } | { mediaId: string; postId?: never }
) & {
  /** Level of the 'Comments' heading (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
};

/**
 * The comments of a post or a media entry: the list (oldest first, 'Load more'), replies under
 * their thread, likes, the options (edit, delete, share, report) and the composer.
 *
 * Live: `useCommentsLive` watches this list's topic while it is on screen. The comment count
 * lives with the post: `comment.created` carries the absolute `commentCount`, which the posts
 * feature's `usePostsLive` writes into its cache.
 */
export function CommentsSection(props: CommentsSectionProps) {
  const target: CommentTarget =
    props.postId !== undefined
      ? { kind: 'post', id: props.postId }
      : { kind: 'media', id: props.mediaId };
  // A new target (next/previous in the post modal) starts with fresh drafts and closed modals.
  return (
    <CommentsSectionView
      key={`${target.kind}:${target.id}`}
      target={target}
      headingLevel={props.headingLevel ?? 2}
      className={props.className}
    />
  );
}

const ROOT = 'root';

function CommentsSectionView({
  target,
  headingLevel,
  className,
}: {
  target: CommentTarget;
  headingLevel: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation('comments');
  const { toast } = useToast();
  const viewer = useCommentsViewer();
  const viewerId = viewer?.id ?? null;
  const now = useNow();

  const query = useCommentsQuery(target);
  useCommentsLive(target, viewerId);
  const create = useCreateCommentMutation(target, viewer);
  const like = useLikeCommentMutation();
  const remove = useDeleteCommentMutation();
  const blockAuthor = useBlockAuthorMutation();

  const threads = useMemo(() => groupThreads(flattenComments(query.data)), [query.data]);

  // Drafts per composer: ROOT for the main one, a comment id for a reply box.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // The main composer's spoiler tag (issue 12); replies go untagged.
  const [spoilerDraft, setSpoilerDraft] = useState<SpoilerDraft | null>(null);
  const [replyingTo, setReplyingTo] = useState<Comment | null>(null);
  const [optionsFor, setOptionsFor] = useState<Comment | null>(null);
  const [editing, setEditing] = useState<Comment | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const [blocking, setBlocking] = useState<Comment | null>(null);

  const setDraft = (key: string, value: string) => setDrafts((d) => ({ ...d, [key]: value }));

  const send = (body: string, replyTo: Comment | null) => {
    const key = replyTo?.id ?? ROOT;
    setDraft(key, '');
    if (replyTo) setReplyingTo(null);
    const tagDraft = replyTo ? null : spoilerDraft;
    const tag = toSpoilerTagInput(tagDraft);
    if (!replyTo) setSpoilerDraft(null);
    create.mutate(
      {
        body,
        replyToId: replyTo?.id,
        replyToUsername: replyTo?.author.username,
        ...(tag?.mediaId ? { spoilerTag: { ...tag, mediaId: tag.mediaId } } : {}),
      },
      {
        onError: (error) => {
          // Give the text back, so nothing typed is lost.
          setDrafts((d) => ({ ...d, [key]: d[key] ? d[key] : body }));
          if (tagDraft) setSpoilerDraft((current) => current ?? tagDraft);
          if (replyTo) setReplyingTo((current) => current ?? replyTo);
          toast({ title: t('composer.sendFailed'), description: error.message, variant: 'error' });
        },
      },
    );
  };

  const toggleLike = (comment: Comment) => {
    like.mutate(
      { commentId: comment.id, liked: !comment.likedByMe },
      {
        onError: (error) =>
          toast({ title: t('like.failed'), description: error.message, variant: 'error' }),
      },
    );
  };

  const share = async (comment: Comment) => {
    try {
      await navigator.clipboard.writeText(comment.body);
      toast({ title: t('share.copied'), variant: 'success' });
    } catch (error) {
      // Spec §8: a share failure is logged only.
      console.error('Copying the comment failed', error);
    }
  };

  const onOption = (option: CommentOption, comment: Comment) => {
    setOptionsFor(null);
    if (option === 'edit') setEditing(comment);
    else if (option === 'delete') setDeleting(comment);
    else if (option === 'report') setReporting(comment);
    else if (option === 'block') setBlocking(comment);
    else void share(comment);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
    } catch (error) {
      toast({
        title: t('delete.failed'),
        description: error instanceof Error ? error.message : undefined,
        variant: 'error',
      });
      throw error;
    }
  };

  const confirmBlock = async () => {
    if (!blocking) return;
    const { id: userId, username } = blocking.author;
    try {
      await blockAuthor.mutateAsync({ userId, username });
      setBlocking(null);
      toast({ title: t('block.done', { username }), variant: 'success' });
    } catch (error) {
      toast({
        title: t('block.failed', { username }),
        description: error instanceof Error ? error.message : undefined,
        variant: 'error',
      });
      throw error;
    }
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const item = (comment: Comment, isReply: boolean) => (
    <CommentItem
      comment={comment}
      viewerId={viewerId}
      now={now}
      isReply={isReply}
      onReply={setReplyingTo}
      onOptions={setOptionsFor}
      onToggleLike={toggleLike}
    />
  );

  let body;
  if (query.isPending) {
    body = (
      <div className="comments__loading" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="comments__skeleton">
            <Skeleton shape="circle" width={40} height={40} />
            <div className="comments__skeleton-lines">
              <Skeleton shape="text" width="30%" />
              <Skeleton shape="text" width={i === 1 ? '90%' : '70%'} />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (!query.data) {
    // Only when nothing is loaded: a failed refresh or 'Load more' keeps the list on screen.
    body = (
      <div className="comments__error" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (threads.length === 0) {
    body = (
      <EmptyState
        className="comments__empty"
        icon={<MessageCircle />}
        title={t('empty')}
        description={t('emptyHint')}
        headingLevel={3}
      />
    );
  } else {
    body = (
      <ol className="comments__list">
        {threads.map(({ comment, replies }) => {
          const replyBox =
            replyingTo &&
            (replyingTo.id === comment.id || replies.some((r) => r.id === replyingTo.id));
          return (
            <li key={comment.id} className="comments__thread">
              {item(comment, false)}
              {replies.length > 0 || replyBox ? (
                <ol className="comments__replies">
                  {replies.map((reply) => (
                    <li key={reply.id}>{item(reply, true)}</li>
                  ))}
                  {replyBox ? (
                    <li>
                      <CommentComposer
                        value={drafts[replyingTo.id] ?? ''}
                        onChange={(v) => setDraft(replyingTo.id, v)}
                        onSubmit={(b) => send(b, replyingTo)}
                        replyToUsername={replyingTo.author.username}
                        onCancelReply={() => setReplyingTo(null)}
                        autoFocus
                      />
                    </li>
                  ) : null}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <Tooltip.Provider delayDuration={300}>
      {/* Deliberately unnamed, so not a landmark: the post view around it is the 'Comments'
          region, and two landmarks of the same name confuse landmark navigation. */}
      <section className={clsx('comments', className)}>
        <Heading className="comments__title">{t('title')}</Heading>
        {body}
        {query.hasNextPage ? (
          <div className="comments__more">
            <Button
              variant="secondary"
              size="sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
            {query.isFetchNextPageError ? (
              <p className="comments__more-error" role="alert">
                {t('loadMoreFailed')}
              </p>
            ) : null}
          </div>
        ) : null}
        <CommentComposer
          className="comments__composer"
          value={drafts[ROOT] ?? ''}
          onChange={(v) => setDraft(ROOT, v)}
          onSubmit={(b) => send(b, null)}
          spoilerTag={spoilerDraft}
          onSpoilerTagChange={setSpoilerDraft}
        />

        <CommentOptionsModal
          comment={optionsFor}
          viewerId={viewerId}
          onClose={() => setOptionsFor(null)}
          onSelect={onOption}
        />
        <EditCommentModal comment={editing} onClose={() => setEditing(null)} />
        <ReportCommentModal comment={reporting} onClose={() => setReporting(null)} />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={t('delete.title')}
          description={t('delete.description')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('cancel')}
          onConfirm={confirmDelete}
        />
        <ConfirmDialog
          open={blocking !== null}
          onOpenChange={(open) => {
            if (!open) setBlocking(null);
          }}
          title={t('block.title', { username: blocking?.author.username ?? '' })}
          description={t('block.description')}
          confirmLabel={t('block.confirm')}
          cancelLabel={t('cancel')}
          onConfirm={confirmBlock}
        />
      </section>
    </Tooltip.Provider>
  );
}
