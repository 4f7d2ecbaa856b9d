import { POST_TYPES, type Post } from '@otakura/shared';
import { Images, Link2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cardRatio, LINK_PREVIEW_RATIO } from '../utils/aspect';
import { imageSources, srcSetOf } from '../utils/image-sources';
import { hostOf } from '../utils/post-kind';
import { FeedVideo } from './feed-video';
import { PostSpoilerCover } from './post-spoiler-cover';
import { SensitiveCover, useSensitive } from './sensitive-cover';

/**
 * The card image's width in CSS px, per layout (post-grid.css, app-layout.css): three columns
 * from 1200 px (the main area beside the 260 px sidebar, at most 1200 px, 16 px gaps), two from
 * 768 px, one on phones (16 px padding each side); minus the card's 1 px borders. The browser
 * takes the smallest variant (640, 800 or 1280 px) that covers that width at the screen's
 * density: a 378 px phone card at a density of 1.75 takes the 800 px file.
 */
export const CARD_SIZES =
  '(min-width: 1200px) min(390px, calc(33.3vw - 113px)), (min-width: 768px) calc(50vw - 164px), calc(100vw - 34px)';

/**
 * The WebP srcset of a card image, each file described by its real width (never enlarged);
 * undefined when there is one WebP file only (`src` says it all).
 */
export function cardSrcSet(image: Post['images'][number]): string | undefined {
  const sources = imageSources(image);
  return sources.filter((s) => s.type === 'image/webp').length > 1
    ? srcSetOf(sources, 'image/webp')
    : undefined;
}

/** The AVIF srcset of a card image, or undefined for images stored before AVIF (and GIFs). */
export function cardAvifSrcSet(image: Post['images'][number]): string | undefined {
  return srcSetOf(imageSources(image), 'image/avif');
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

  // The spoiler shield covers it for this viewer: the server sent no body, images, video or
  // link, so the cover stands in their place.
  if (post.spoilerTag?.covered) return <PostSpoilerCover post={post} compact />;

  // Media opens the post like the title does; the title link is the keyboard path, so this is
  // a pointer convenience only (no second tab stop).
  const openProps = onOpen
    ? { onClick: onOpen, className: 'post-card__media post-card__media--clickable' }
    : { className: 'post-card__media' };

  if ((post.type === POST_TYPES.image || post.type === POST_TYPES.gif) && post.images[0]) {
    const image = post.images[0];
    const webpSrcSet = cardSrcSet(image);
    const avifSrcSet = cardAvifSrcSet(image);
    const style: CSSProperties = {
      aspectRatio: String(cardRatio(image.width, image.height)),
      backgroundColor: image.placeholder ?? undefined,
    };
    return (
      <SensitiveCover post={post} compact>
        <div {...openProps} style={style}>
          {/* AVIF where the browser takes it, else the WebP of the <img>. `display: contents`
              keeps <picture> out of the layout: the <img> sizes itself against the card as before. */}
          <picture style={{ display: 'contents' }}>
            {avifSrcSet ? (
              <source type="image/avif" srcSet={avifSrcSet} sizes={CARD_SIZES} />
            ) : null}
            <img
              className="post-card__image"
              src={image.url}
              srcSet={webpSrcSet}
              sizes={webpSrcSet ? CARD_SIZES : undefined}
              width={image.width}
              height={image.height}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              alt=""
            />
          </picture>
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
