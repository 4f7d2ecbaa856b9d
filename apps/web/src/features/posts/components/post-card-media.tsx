import { POST_TYPES, type Post } from '@otakura/shared';
import { Images, Link2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cardRatio, LINK_PREVIEW_RATIO } from '../utils/aspect';
import { hostOf } from '../utils/post-kind';
import { FeedVideo } from './feed-video';
import { SensitiveCover, useSensitive } from './sensitive-cover';

/**
 * The card image's width in CSS px, per layout (post-grid.css, app-layout.css): three columns
 * from 1200 px (the main area beside the 260 px sidebar, at most 1200 px, 16 px gaps), two from
 * 768 px, one on phones (16 px padding each side); minus the card's 1 px borders. The browser
 * takes the 640 px variant when it covers that width at the screen's density, else the large one.
 */
export const CARD_SIZES =
  '(min-width: 1200px) min(390px, calc(33.3vw - 113px)), (min-width: 768px) calc(50vw - 164px), calc(100vw - 34px)';

/** The srcset of a card image, each file described by its real width (never enlarged). */
export function cardSrcSet(image: Post['images'][number]): string | undefined {
  if (!image.largeUrl) return undefined;
  return `${image.url} ${Math.min(640, image.width)}w, ${image.largeUrl} ${Math.min(1280, image.width)}w`;
}

export function PostCardMedia({
  post,
  onOpen,
  priority = false,
}: {
  post: Post;
  onOpen?: () => void;
  /**
   * The first card on screen (likely the page's largest paint): fetched at once with high
   * priority. Every other card image loads lazily.
   */
  priority?: boolean;
}) {
  const { t } = useTranslation('posts');
  const { hidden } = useSensitive(post);

  // Media opens the post like the title does; the title link is the keyboard path, so this is
  // a pointer convenience only (no second tab stop).
  const openProps = onOpen
    ? { onClick: onOpen, className: 'post-card__media post-card__media--clickable' }
    : { className: 'post-card__media' };

  if ((post.type === POST_TYPES.image || post.type === POST_TYPES.gif) && post.images[0]) {
    const image = post.images[0];
    const style: CSSProperties = {
      aspectRatio: String(cardRatio(image.width, image.height)),
      backgroundColor: image.placeholder ?? undefined,
    };
    return (
      <SensitiveCover post={post} compact>
        <div {...openProps} style={style}>
          <img
            className="post-card__image"
            src={image.url}
            srcSet={cardSrcSet(image)}
            sizes={image.largeUrl ? CARD_SIZES : undefined}
            width={image.width}
            height={image.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            alt=""
          />
          {post.type === POST_TYPES.gif ? (
            <span className="post-card__chip post-card__chip--corner">{t('kind.gif')}</span>
          ) : post.images.length > 1 ? (
            <span className="post-card__chip post-card__chip--corner">
              <Images aria-hidden="true" />
              <span aria-hidden="true">{post.images.length}</span>
              <span className="visually-hidden">
                {t('card.imageCount', { count: post.images.length })}
              </span>
            </span>
          ) : null}
        </div>
      </SensitiveCover>
    );
  }

  if (post.type === POST_TYPES.video && post.video) {
    const { video } = post;
    return (
      <SensitiveCover post={post} compact>
        <div
          className="post-card__media post-card__media--video"
          style={{ aspectRatio: String(cardRatio(video.width, video.height)) }}
        >
          <FeedVideo
            className="post-card__video"
            src={video.url}
            poster={video.thumbnailUrl}
            width={video.width}
            height={video.height}
            autoPlay={!hidden}
            label={t('card.videoLabel', { title: post.title })}
          />
        </div>
      </SensitiveCover>
    );
  }

  if (post.type === POST_TYPES.url && post.link) {
    const { link } = post;
    return (
      <SensitiveCover post={post} compact>
        <div {...openProps}>
          {link.imageUrl ? (
            <div
              className="post-card__link-image"
              style={{ aspectRatio: String(LINK_PREVIEW_RATIO) }}
            >
              <img
                className="post-card__image"
                src={link.imageUrl}
                loading="lazy"
                decoding="async"
                alt=""
              />
            </div>
          ) : null}
          <div className="post-card__link">
            <span className="post-card__link-site">
              <Link2 aria-hidden="true" />
              {link.siteName ?? hostOf(link.url)}
            </span>
            {link.title ? (
              <span className="post-card__link-title">{link.title}</span>
            ) : (
              // No preview (the page could not be read): the address itself.
              <span className="post-card__link-url">
                {link.url.replace(/^https?:\/\/(www\.)?/, '')}
              </span>
            )}
            {post.body ? <p className="post-card__link-body">{post.body}</p> : null}
          </div>
        </div>
      </SensitiveCover>
    );
  }

  if (post.body) {
    return (
      <SensitiveCover post={post} compact>
        <div {...openProps}>
          <p className={hidden ? 'post-card__text post-card__text--covered' : 'post-card__text'}>
            {post.body}
          </p>
        </div>
      </SensitiveCover>
    );
  }
  return null;
}
