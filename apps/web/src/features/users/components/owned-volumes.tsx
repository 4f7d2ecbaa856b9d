import type { OwnedVolume } from '@otakura/shared';
import { BookOpen, ImageOff, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useOwnedVolumesQuery } from '../api/get-owned-volumes';
import './owned-volumes.css';

function Cover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <span className="owned-volume__cover">
      {shown ? (
        <img src={shown} alt="" loading="lazy" decoding="async" onError={() => setFailed(shown)} />
      ) : (
        <ImageOff aria-hidden="true" />
      )}
    </span>
  );
}

function VolumeCard({ volume }: { volume: OwnedVolume }) {
  const { t } = useTranslation('users');
  return (
    <li className="owned-volumes__item">
      <Link to={`/media/${encodeURIComponent(volume.series.id)}`} className="owned-volume">
        <Cover src={volume.coverUrl} />
        <span className="owned-volume__text">
          <span className="owned-volume__series">{volume.series.title}</span>
          <span className="owned-volume__number">
            {t('ownedVolumes.volume', { number: volume.number })}
            {volume.title ? <span className="visually-hidden">{`: ${volume.title}`}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export interface OwnedVolumesProps {
  userId: string;
  /** The signed-in user's own profile: the shelf shows even while it is private, and says so. */
  own?: boolean;
}

/**
 * "Owned volumes" on a profile (issue 12): the volumes the user bought in the shop, each linking to
 * its series. The server decides who sees them (the owner always; others only while the owner
 * shows them); the shelf is left out when there is nothing to show.
 */
export function OwnedVolumes({ userId, own = false }: OwnedVolumesProps) {
  const { t } = useTranslation('users');
  const headingId = useId();
  const query = useOwnedVolumesQuery(userId);

  if (query.isPending) {
    // Only the owner's shelf is likely to exist: others' stay out until known, so nothing jumps.
    if (!own) return null;
    return (
      <div className="owned-volumes" role="status">
        <span className="visually-hidden">{t('ownedVolumes.loading')}</span>
        <Skeleton shape="text" width={160} height={24} />
        <ul className="owned-volumes__list" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="owned-volumes__item">
              <span className="owned-volume">
                <Skeleton className="owned-volume__cover" />
                <span className="owned-volume__text">
                  <Skeleton shape="text" width="80%" />
                  <Skeleton shape="text" width="40%" />
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError) {
    if (!own) return null;
    return (
      <div className="owned-volumes owned-volumes__error" role="alert">
        <p>{t('ownedVolumes.error')}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('loadError.retry')}
        </Button>
      </div>
    );
  }
  const { items } = query.data;
  if (items.length === 0) return null;
  return (
    <section className="owned-volumes" aria-labelledby={headingId}>
      <div className="owned-volumes__head">
        <h2 id={headingId} className="owned-volumes__title">
          <BookOpen aria-hidden="true" />
          {t('ownedVolumes.heading')}
        </h2>
        {own && !query.data.public ? (
          <p className="owned-volumes__private">
            <Lock aria-hidden="true" />
            {t('ownedVolumes.private')} <Link to="/safety-privacy">{t('ownedVolumes.change')}</Link>
          </p>
        ) : null}
      </div>
      <ul className="owned-volumes__list" aria-labelledby={headingId}>
        {items.map((v) => (
          <VolumeCard key={v.volumeId} volume={v} />
        ))}
      </ul>
    </section>
  );
}
