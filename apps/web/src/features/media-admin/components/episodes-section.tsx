import { EpisodeSchema, type Episode } from '@otakura/shared';
import { CircleAlert, Clapperboard, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { useAdminUnitsQuery } from '../api/get-admin-entry';
import { createEpisode, updateEpisode, useRefreshMedia } from '../api/units';
import { formatDuration } from '../utils/format-bytes';
import { MediaThumb } from './media-thumb';
import { UnitForm } from './unit-form';
import { UploadControl } from './upload-control';
import './units.css';

const VIDEO_ACCEPT = 'video/mp4,video/webm';

function EpisodePanel({ episode, onClose }: { episode: Episode; onClose: () => void }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  const noun = t('units.episode');
  return (
    <div className="ma-unit__panel">
      <UnitForm
        noun={noun}
        initial={{ number: episode.number, title: episode.title }}
        submitLabel={t('units.save')}
        onSubmit={async (input) => {
          await updateEpisode(episode.id, input);
          await refresh();
          toast({ variant: 'success', title: t('units.saved', { noun }) });
        }}
        onCancel={onClose}
      />
      <section className="ma-unit__uploads" aria-label={t('episodes.files')}>
        <div className="ma-unit__upload">
          <h4 className="ma-unit__upload-title">{t('episodes.video')}</h4>
          <UploadControl
            target={{
              method: 'PUT',
              path: `/admin/episodes/${encodeURIComponent(episode.id)}/video`,
              schema: EpisodeSchema,
              kind: 'video',
            }}
            label={episode.videoUrl ? t('episodes.replaceVideo') : t('episodes.uploadVideo')}
            accept={VIDEO_ACCEPT}
            hint={t('episodes.videoHint')}
            onDone={() => void refresh()}
          />
        </div>
        <div className="ma-unit__upload">
          <h4 className="ma-unit__upload-title">{t('episodes.thumbnail')}</h4>
          <UploadControl
            target={{
              method: 'PUT',
              path: `/admin/episodes/${encodeURIComponent(episode.id)}/thumbnail`,
              schema: EpisodeSchema,
              kind: 'image',
            }}
            label={t('episodes.uploadThumbnail')}
            accept="image/*"
            preview={<MediaThumb src={episode.thumbnailUrl} shape="wide" />}
            onDone={() => void refresh()}
          />
        </div>
      </section>
    </div>
  );
}

function EpisodeRow({
  episode,
  open,
  onToggle,
}: {
  episode: Episode;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('media-admin');
  const panelId = `episode-panel-${episode.id}`;
  return (
    <li className="ma-unit">
      <div className="ma-unit__row">
        <MediaThumb src={episode.thumbnailUrl} shape="wide" />
        <div className="ma-unit__text">
          <span className="ma-unit__title">
            {t('episodes.label', { number: episode.number })}
            {episode.title ? ` · ${episode.title}` : ''}
          </span>
          <span className="ma-unit__meta">
            {episode.videoUrl
              ? episode.durationSeconds != null
                ? formatDuration(episode.durationSeconds)
                : t('episodes.durationUnknown')
              : t('episodes.noVideo')}
          </span>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <Pencil aria-hidden="true" />
          {t('units.edit')}
          <span className="visually-hidden">
            {' '}
            {t('episodes.label', { number: episode.number })}
          </span>
        </Button>
      </div>
      {open ? (
        <div id={panelId}>
          <EpisodePanel episode={episode} onClose={onToggle} />
        </div>
      ) : null}
    </li>
  );
}

export function UnitListSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <ul className="ma-units" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="ma-unit">
            <div className="ma-unit__row">
              <Skeleton width={120} height={68} />
              <div className="ma-unit__text">
                <Skeleton shape="text" width="40%" />
                <Skeleton shape="text" width={60} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A video entry's episodes in order: number, title, duration, thumbnail; edit opens the number,
 * title, video (with progress and the server's faststart warning) and thumbnail. New episodes
 * take the next number unless one is given, and open ready for their video. The API has no
 * delete or reorder for episodes: the number decides the order.
 */
export function EpisodesSection({ mediaId }: { mediaId: string }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  const query = useAdminUnitsQuery(mediaId);
  const [openId, setOpenId] = useState<string | null>(null);
  const episodes = useMemo(() => query.data?.pages.flatMap((p) => p.episodes) ?? [], [query.data]);
  const noun = t('units.episode');

  return (
    <div className="ma-section">
      <section className="ma-card" aria-labelledby="ma-add-episode">
        <h3 id="ma-add-episode" className="ma-card__title">
          {t('episodes.add')}
        </h3>
        <UnitForm
          noun={noun}
          submitLabel={t('episodes.add')}
          onSubmit={async (input) => {
            const episode = await createEpisode(mediaId, input);
            await refresh();
            setOpenId(episode.id);
            toast({
              variant: 'success',
              title: t('episodes.added', { number: episode.number }),
              description: t('episodes.addedHint'),
            });
          }}
        />
      </section>

      <section aria-labelledby="ma-episodes" className="ma-section">
        <h3 id="ma-episodes" className="ma-section__title">
          {t('episodes.title')}
        </h3>
        {query.isPending ? (
          <UnitListSkeleton label={t('loading')} />
        ) : query.isError && episodes.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<CircleAlert />}
            title={t('units.loadError')}
            description={apiErrorText(t, query.error)}
            action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
          />
        ) : episodes.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<Clapperboard />}
            title={t('episodes.none')}
            description={t('episodes.noneHint')}
          />
        ) : (
          <>
            <ul className="ma-units">
              {episodes.map((e) => (
                <EpisodeRow
                  key={e.id}
                  episode={e}
                  open={openId === e.id}
                  onToggle={() => setOpenId((id) => (id === e.id ? null : e.id))}
                />
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button
                variant="secondary"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {t('loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
