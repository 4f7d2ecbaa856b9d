import type { MediaKind, MediaSummary } from '@otakura/shared';
import clsx from 'clsx';
import { BookOpen, Film, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import './media-shared.css';

const KIND_ICONS = { video: Film, manga: BookOpen, sequence: Layers } as const;

/** 'Video', 'Manga' or 'Sequence' as a small chip with its icon. */
export function MediaKindChip({ kind, nsfw = false }: { kind: MediaKind; nsfw?: boolean }) {
  const { t } = useTranslation('media');
  const Icon = KIND_ICONS[kind];
  return (
    <span className="media-chips">
      <span className={`media-kind media-kind--${kind}`}>
        <Icon aria-hidden="true" />
        {t(`kind.${kind}`)}
      </span>
      {nsfw ? (
        <span className="media-kind media-kind--nsfw" title={t('nsfwLabel')}>
          {t('nsfw')}
          <span className="visually-hidden"> ({t('nsfwLabel')})</span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * A count as a compact number (1.2k) on screen and its full words for screen readers
 * ("1,234 likes") when it has an icon; without one, the compact number in words ("1.2k issues").
 * `countKey` is a plural key of `counts.*`.
 */
export function CompactCount({
  value,
  countKey,
  icon,
  className,
}: {
  value: number;
  countKey: 'episodes' | 'volumes' | 'issues' | 'likes' | 'views' | 'comments';
  icon?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('media');
  if (!icon)
    return (
      <span className={clsx('tabular-nums', className)}>
        {t(`counts.${countKey}`, { count: value, formatted: formatCompact(value) })}
      </span>
    );
  return (
    <span className={className}>
      {icon}
      <span aria-hidden="true" className="tabular-nums">
        {formatCompact(value)}
      </span>
      <span className="visually-hidden">
        {t(`counts.${countKey}`, { count: value, formatted: formatNumber(value) })}
      </span>
    </span>
  );
}

/** The units a row of the list counts: episodes (video), volumes and issues (manga), issues (sequence). */
export function unitCounts(
  media: Pick<MediaSummary, 'kind' | 'episodeCount' | 'volumeCount' | 'issueCount'>,
) {
  if (media.kind === 'video') return [{ key: 'episodes' as const, value: media.episodeCount }];
  if (media.kind === 'manga')
    return [
      { key: 'volumes' as const, value: media.volumeCount },
      { key: 'issues' as const, value: media.issueCount },
    ];
  return [{ key: 'issues' as const, value: media.issueCount }];
}
