import { POST_TYPES, type Post } from '@otakura/shared';
import clsx from 'clsx';
import type { ElementType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReportButton } from '@/components/report/report-button';
import { Avatar } from '@/components/ui/avatar';
import { useShownPost } from '../hooks/use-spoiler-reveal';
import { cardRatio } from '../utils/aspect';
import { CommentCount } from './comment-count';
import { CopyLinkButton } from './copy-link-button';
import { DeletePostButton } from './delete-post-button';
import { ElapsedTime } from './elapsed-time';
import { FeedVideo } from './feed-video';
import { ImageCarousel } from './image-carousel';
import { LikeButton } from './like-button';
import { LinkPreviewCard } from './link-preview-card';
import { PostSpoilerCover } from './post-spoiler-cover';
import { SensitiveCover, useSensitive } from './sensitive-cover';
import './post-detail.css';
import './post-flags.css';

export interface PostDetailProps {
  post: Post;
  /** `modal`: media beside the text on wide screens; `page`: one column. */
  variant: 'modal' | 'page';
  /** The comments panel, composed by the app (features/comments). */
  comments?: ReactNode;
  /** The signed-in user's id: the author sees Delete, everyone else Report. */
  viewerId?: string | null;
  onDeleted?: () => void;
  /** The title's element: h1 on the post page; in the modal, the dialog's title (an h2). */
  titleAs?: ElementType;
  titleId?: string;
  /** Controls at the header's end, in the flow (the modal's previous, next and close). */
  headerActions?: ReactNode;
}

function hasMediaPane(post: Post): boolean {
  return (
    ((post.type === POST_TYPES.image || post.type === POST_TYPES.gif) && post.images.length > 0) ||
    (post.type === POST_TYPES.video && post.video !== null)
  );
}

function DetailMedia({ post, variant }: { post: Post; variant: PostDetailProps['variant'] }) {
  const { t } = useTranslation('posts');
  const { hidden } = useSensitive(post);
  if ((post.type === POST_TYPES.image || post.type === POST_TYPES.gif) && post.images.length > 0) {
    return (
      <ImageCarousel
        key={post.id}
        images={post.images}
        label={post.title}
        fit={variant === 'modal' ? 'fill' : 'auto'}
      />
    );
  }
  if (post.type === POST_TYPES.video && post.video) {
    const { video } = post;
    return (
      <div
        className="post-detail__video-frame"
        style={
          variant === 'page'
            ? { aspectRatio: String(cardRatio(video.width, video.height)) }
            : undefined
        }
      >
        <FeedVideo
          key={post.id}
          className="post-detail__video"
          src={video.url}
          poster={video.thumbnailUrl}
          width={video.width}
          height={video.height}
          autoPlay={!hidden}
          label={t('card.videoLabel', { title: post.title })}
        />
      </div>
    );
  }
  return null;
}

/** One post in full: the modal's and the post page's content (spec §2). */
export function PostDetail({
  post: fromCache,
  variant,
  comments,
  viewerId,
  onDeleted,
  titleAs: Title = 'h2',
  titleId,
  headerActions,
}: PostDetailProps) {
  const { t } = useTranslation('posts');
  // A spoiler the viewer revealed shows its revealed parts (the cache keeps the covered post).
  const post = useShownPost(fromCache);
  const covered = post.spoilerTag?.covered === true;
  const media = hasMediaPane(post);
  const isAuthor = !!viewerId && viewerId === post.author.id;

  return (
    <div
      className={clsx(
        'post-detail',
        `post-detail--${variant}`,
        media ? 'post-detail--with-media' : 'post-detail--no-media',
      )}
    >
      {media ? (
        <div className="post-detail__media">
          <SensitiveCover post={post}>
            <DetailMedia post={post} variant={variant} />
          </SensitiveCover>
        </div>
      ) : null}

      <div className="post-detail__side">
        <header className="post-detail__header">
          <Avatar src={post.community.imageUrl} name={post.community.name} size={40} decorative />
          <div className="post-detail__meta">
            <Link className="post-detail__community" to={`/community/${post.community.id}`}>
              {post.community.name}
            </Link>
            <span className="post-detail__byline">
              <Link className="post-detail__author" to={`/user/${post.author.id}`}>
                @{post.author.username}
              </Link>
              <span aria-hidden="true">·</span>
              <ElapsedTime createdAt={post.createdAt} />
            </span>
          </div>
          {headerActions ? (
            <div className="post-detail__header-actions">{headerActions}</div>
          ) : null}
        </header>

        <div className="post-detail__content">
          {/* No `id` unless given: the modal's heading takes the dialog's own id. */}
          <Title className="post-detail__title" {...(titleId ? { id: titleId } : {})}>
            {post.title}
          </Title>
          {post.spoiler || post.nsfw ? (
            <p className="post-flags post-detail__flags">
              {post.spoiler ? <span className="post-flag">{t('flags.spoiler')}</span> : null}
              {post.nsfw ? (
                <span className="post-flag post-flag--nsfw">{t('flags.nsfw')}</span>
              ) : null}
            </p>
          ) : null}

          {covered ? <PostSpoilerCover post={post} /> : null}

          {post.type === POST_TYPES.url && post.link ? (
            <SensitiveCover post={post}>
              <LinkPreviewCard preview={post.link} className="post-detail__link" />
            </SensitiveCover>
          ) : null}

          {post.body ? (
            !media && post.type !== POST_TYPES.url ? (
              <SensitiveCover post={post}>
                <p className="post-detail__body">{post.body}</p>
              </SensitiveCover>
            ) : (
              <p className="post-detail__body">{post.body}</p>
            )
          ) : null}

          <div className="post-detail__actions">
            <LikeButton post={post} size="md" />
            <CommentCount count={post.commentCount} size="md" />
            <span className="post-detail__spacer" />
            <CopyLinkButton postId={post.id} />
            {isAuthor ? <DeletePostButton postId={post.id} onDeleted={onDeleted} /> : null}
            {viewerId && !isAuthor ? (
              <ReportButton
                kind="post"
                targetId={post.id}
                appearance="icon"
                subject={{
                  name: `@${post.author.username}`,
                  avatarUrl: post.author.avatarUrl,
                  text: post.title,
                }}
              />
            ) : null}
          </div>

          {comments ? (
            <section className="post-detail__comments" aria-label={t('comments.region')}>
              {comments}
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
