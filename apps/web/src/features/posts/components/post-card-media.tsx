import { POST_TYPES, type Post } from '@otakura/shared';
import { Images, Link2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cardRatio, LINK_PREVIEW_RATIO } from '../utils/aspect';
import { hostOf } from '../utils/post-kind';
import { FeedVideo } from './feed-video';
import { SensitiveCover, useSensitive } from './sensitive-cover';

/** Card images: the 640 px variant, the 1280 px one on dense screens. */
const CARD_SIZES = '(min-width: 1200px) 380px, (min-width: 768px) 45vw, 100vw';

export function PostCardMedia({ post, onOpen }: { post: Post; onOpen?: () => void }) {
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
            srcSet={image.largeUrl ? `${image.url} 640w, ${image.largeUrl} 1280w` : undefined}
            sizes={image.largeUrl ? CARD_SIZES : undefined}
            width={image.width}
            height={image.height}
            loading="lazy"
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
