import type { Post } from '@otakura/shared';
import clsx from 'clsx';
import { forwardRef, memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { useShownPost } from '../hooks/use-spoiler-reveal';
import { postKindKey } from '../utils/post-kind';
import { CommentCount } from './comment-count';
import { ElapsedTime } from './elapsed-time';
import { LikeButton } from './like-button';
import { PostCardMedia } from './post-card-media';
import './post-card.css';
import './post-flags.css';

export interface PostCardProps {
  post: Post;
  /** Opens the post in place (the modal). Without it the title is a plain link to /post/{id}. */
  onOpen?: (post: Post) => void;
  /** Position in the list, for the ARIA feed pattern. */
  index?: number;
  setSize?: number;
  className?: string;
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Spec §2 feed card: title; image, video or text; community link; poster link; comment count;
 * like count and button; relative time.
 */
export const PostCard = memo(
  forwardRef<HTMLElement, PostCardProps>(function PostCard(
    { post: fromCache, onOpen, index, setSize, className },
    ref,
  ) {
    const { t } = useTranslation('posts');
    // A spoiler the viewer revealed shows its revealed parts (the cache keeps the covered post).
    const post = useShownPost(fromCache);
    const open = onOpen ? () => onOpen(post) : undefined;
    const kind = postKindKey(post);
    const titleId = `post-card-title-${post.id}`;

    return (
      <article
        ref={ref}
        className={clsx('post-card', `post-card--${kind}`, className)}
        aria-labelledby={titleId}
        aria-posinset={index !== undefined ? index + 1 : undefined}
        aria-setsize={setSize}
        data-post-id={post.id}
        data-spoiler-covered={post.spoilerTag?.covered ? '' : undefined}
      >
        <header className="post-card__header">
          <Avatar
            src={post.community.imageUrl}
            name={post.community.name}
            size={32}
            decorative
            className="post-card__community-avatar"
          />
          <div className="post-card__meta">
            <Link className="post-card__community" to={`/community/${post.community.id}`}>
              {post.community.name}
            </Link>
            <span className="post-card__byline">
              <Link className="post-card__author" to={`/user/${post.author.id}`}>
                @{post.author.username}
              </Link>
              <span aria-hidden="true" className="post-card__dot">
                ·
              </span>
              <ElapsedTime className="post-card__time" createdAt={post.createdAt} />
            </span>
          </div>
        </header>

        <h2 className="post-card__title" id={titleId}>
          <Link
            to={`/post/${post.id}`}
            className="post-card__title-link"
            data-post-link={post.id}
            onClick={(event) => {
              if (open && isPlainClick(event)) {
                event.preventDefault();
                open();
              }
            }}
          >
            {post.title}
          </Link>
        </h2>
        {post.spoiler || post.nsfw ? (
          <p className="post-flags post-card__flags">
            {post.spoiler ? <span className="post-flag">{t('flags.spoiler')}</span> : null}
            {post.nsfw ? (
              <span className="post-flag post-flag--nsfw">{t('flags.nsfw')}</span>
            ) : null}
          </p>
        ) : null}

        {/* The first row (three columns on desktops, the first screen of a phone) holds the
            page's largest paint: those images load at once, with high priority. */}
        <PostCardMedia post={post} onOpen={open} priority={index !== undefined && index < 3} />

        <footer className="post-card__footer">
          <LikeButton post={post} />
          <CommentCount count={post.commentCount} onOpen={open} />
        </footer>
      </article>
    );
  }),
);
