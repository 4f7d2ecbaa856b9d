import type { LinkPreview } from '@otakura/shared';
import clsx from 'clsx';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hostOf } from '../utils/post-kind';
import './link-preview-card.css';

export interface LinkPreviewCardProps {
  preview: LinkPreview;
  className?: string;
}

/** A url post's link (spec §3 type 5): the page's image, site and title, opening in a new tab. */
export function LinkPreviewCard({ preview, className }: LinkPreviewCardProps) {
  const { t } = useTranslation('posts');
  return (
    <a
      className={clsx('link-preview', className)}
      href={preview.url}
      target="_blank"
      rel="noopener noreferrer ugc"
    >
      {preview.imageUrl ? (
        <span className="link-preview__image">
          <img src={preview.imageUrl} alt="" loading="lazy" decoding="async" />
        </span>
      ) : null}
      <span className="link-preview__text">
        <span className="link-preview__site">{preview.siteName ?? hostOf(preview.url)}</span>
        <span className="link-preview__title">{preview.title ?? preview.url}</span>
        <span className="link-preview__open">
          {hostOf(preview.url)}
          <ExternalLink aria-hidden="true" />
          <span className="visually-hidden">{t('link.opensInNewTab')}</span>
        </span>
      </span>
    </a>
  );
}
