import { VolumeSchema, type IssueSummary, type MediaKind, type Volume } from '@otakura/shared';
import { BookOpen, CircleAlert, Images, Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { useAdminUnitsQuery } from '../api/get-admin-entry';
import {
  createIssue,
  createVolume,
  updateIssue,
  updateVolume,
  useRefreshMedia,
} from '../api/units';
import { UnitListSkeleton } from './episodes-section';
import { IssuePagesEditor } from './issue-pages-editor';
import { MediaThumb } from './media-thumb';
import { UnitForm } from './unit-form';
import { UploadControl } from './upload-control';
import './units.css';

type Open = { id: string; what: 'edit' | 'pages' | 'add' } | null;

function issueName(t: (k: string, o?: Record<string, unknown>) => string, issue: IssueSummary) {
  return `${t('issues.label', { number: issue.number })}${issue.title ? ` · ${issue.title}` : ''}`;
}

function IssueRow({
  issue,
  open,
  setOpen,
}: {
  issue: IssueSummary;
  open: Open;
  setOpen: (o: Open) => void;
}) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  const editing = open?.id === issue.id && open.what === 'edit';
  const paging = open?.id === issue.id && open.what === 'pages';
  const name = issueName(t, issue);
  const noun = t('units.issue');
  const toggle = (what: 'edit' | 'pages') =>
    setOpen(open?.id === issue.id && open.what === what ? null : { id: issue.id, what });
  return (
    <li className="ma-unit">
      <div className="ma-unit__row">
        <MediaThumb src={issue.thumbnailUrl} shape="cover" />
        <div className="ma-unit__text">
          <span className="ma-unit__title">{name}</span>
          <span className="ma-unit__meta">{t('pages.count', { count: issue.pageCount })}</span>
        </div>
        <span className="ma-unit__buttons">
          <Button
            variant={paging ? 'primary' : 'secondary'}
            size="sm"
            aria-expanded={paging}
            aria-controls={`issue-pages-${issue.id}`}
            onClick={() => toggle('pages')}
          >
            <Images aria-hidden="true" />
            {t('issues.pages')}
            <span className="visually-hidden"> {name}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={editing}
            aria-controls={`issue-edit-${issue.id}`}
            onClick={() => toggle('edit')}
          >
            <Pencil aria-hidden="true" />
            {t('units.edit')}
            <span className="visually-hidden"> {name}</span>
          </Button>
        </span>
      </div>
      {editing ? (
        <div className="ma-unit__panel" id={`issue-edit-${issue.id}`}>
          <UnitForm
            noun={noun}
            initial={{ number: issue.number, title: issue.title }}
            submitLabel={t('units.save')}
            onSubmit={async (input) => {
              await updateIssue(issue.id, input);
              await refresh();
              setOpen(null);
              toast({ variant: 'success', title: t('units.saved', { noun }) });
            }}
            onCancel={() => setOpen(null)}
          />
        </div>
      ) : null}
      {paging ? (
        <div className="ma-unit__panel" id={`issue-pages-${issue.id}`}>
          <IssuePagesEditor issueId={issue.id} name={name} />
        </div>
      ) : null}
    </li>
  );
}

function AddIssueForm({
  mediaId,
  volumeId,
  onDone,
  onCancel,
}: {
  mediaId: string;
  volumeId: string | null;
  onDone: (issue: IssueSummary) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  return (
    <UnitForm
      noun={t('units.issue')}
      submitLabel={t('issues.add')}
      onCancel={onCancel}
      onSubmit={async (input) => {
        const issue = await createIssue(mediaId, { ...input, volumeId });
        await refresh();
        toast({
          variant: 'success',
          title: t('issues.added', { number: issue.number }),
          description: t('issues.addedHint'),
        });
        onDone(issue);
      }}
    />
  );
}

function VolumeCard({
  volume,
  open,
  setOpen,
}: {
  volume: Volume;
  open: Open;
  setOpen: (o: Open) => void;
}) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  const editing = open?.id === volume.id && open.what === 'edit';
  const adding = open?.id === volume.id && open.what === 'add';
  const name = `${t('volumes.label', { number: volume.number })}${volume.title ? ` · ${volume.title}` : ''}`;
  const noun = t('units.volume');
  return (
    <li className="ma-unit">
      <div className="ma-unit__row">
        <MediaThumb src={volume.coverUrl} shape="cover" />
        <div className="ma-unit__text">
          <h4 className="ma-unit__title ma-unit__heading">{name}</h4>
          <span className="ma-unit__meta">
            {t('issues.count', { count: volume.issues.length })}
          </span>
        </div>
        <span className="ma-unit__buttons">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={adding}
            onClick={() => setOpen(adding ? null : { id: volume.id, what: 'add' })}
          >
            <Plus aria-hidden="true" />
            {t('issues.add')}
            <span className="visually-hidden"> ({name})</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={editing}
            onClick={() => setOpen(editing ? null : { id: volume.id, what: 'edit' })}
          >
            <Pencil aria-hidden="true" />
            {t('units.edit')}
            <span className="visually-hidden"> {name}</span>
          </Button>
        </span>
      </div>
      {editing ? (
        <div className="ma-unit__panel">
          <UnitForm
            noun={noun}
            initial={{ number: volume.number, title: volume.title }}
            submitLabel={t('units.save')}
            onSubmit={async (input) => {
              await updateVolume(volume.id, input);
              await refresh();
              toast({ variant: 'success', title: t('units.saved', { noun }) });
            }}
            onCancel={() => setOpen(null)}
          />
          <div className="ma-unit__upload">
            <h5 className="ma-unit__upload-title">{t('volumes.cover')}</h5>
            <UploadControl
              target={{
                method: 'PUT',
                path: `/admin/volumes/${encodeURIComponent(volume.id)}/cover`,
                schema: VolumeSchema,
                kind: 'image',
              }}
              label={t('volumes.uploadCover')}
              accept="image/*"
              preview={<MediaThumb src={volume.coverUrl} shape="cover" />}
              onDone={() => void refresh()}
            />
          </div>
        </div>
      ) : null}
      {adding ? (
        <div className="ma-unit__panel">
          <AddIssueForm
            mediaId={volume.mediaId}
            volumeId={volume.id}
            onCancel={() => setOpen(null)}
            onDone={(issue) => setOpen({ id: issue.id, what: 'pages' })}
          />
        </div>
      ) : null}
      {volume.issues.length > 0 ? (
        <ul className="ma-units ma-volume__issues" aria-label={t('issues.listLabel', { name })}>
          {volume.issues.map((issue) => (
            <IssueRow key={issue.id} issue={issue} open={open} setOpen={setOpen} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The reading structure: a manga's volumes, each with its issues, or a sequence's issues. Each
 * issue opens its pages editor; a new issue opens it at once, ready for its pages.
 */
export function VolumesSection({ mediaId, kind }: { mediaId: string; kind: MediaKind }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const refresh = useRefreshMedia();
  const query = useAdminUnitsQuery(mediaId);
  const [open, setOpen] = useState<Open>(null);
  const volumes = useMemo(() => query.data?.pages.flatMap((p) => p.volumes) ?? [], [query.data]);
  const issues = useMemo(() => query.data?.pages.flatMap((p) => p.issues) ?? [], [query.data]);
  const manga = kind === 'manga';
  const empty = manga ? volumes.length === 0 : issues.length === 0;

  return (
    <div className="ma-section">
      <section className="ma-card" aria-labelledby="ma-add-unit">
        <h3 id="ma-add-unit" className="ma-card__title">
          {manga ? t('volumes.add') : t('issues.add')}
        </h3>
        {manga ? (
          <UnitForm
            noun={t('units.volume')}
            submitLabel={t('volumes.add')}
            onSubmit={async (input) => {
              const volume = await createVolume(mediaId, input);
              await refresh();
              setOpen({ id: volume.id, what: 'add' });
              toast({
                variant: 'success',
                title: t('volumes.added', { number: volume.number }),
                description: t('volumes.addedHint'),
              });
            }}
          />
        ) : (
          <AddIssueForm
            mediaId={mediaId}
            volumeId={null}
            onDone={(issue) => setOpen({ id: issue.id, what: 'pages' })}
          />
        )}
      </section>

      <section aria-labelledby="ma-units-title" className="ma-section">
        <h3 id="ma-units-title" className="ma-section__title">
          {manga ? t('volumes.title') : t('issues.title')}
        </h3>
        {query.isPending ? (
          <UnitListSkeleton label={t('loading')} />
        ) : query.isError && empty ? (
          <EmptyState
            headingLevel={3}
            icon={<CircleAlert />}
            title={t('units.loadError')}
            description={apiErrorText(t, query.error)}
            action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
          />
        ) : empty ? (
          <EmptyState
            headingLevel={3}
            icon={<BookOpen />}
            title={manga ? t('volumes.none') : t('issues.none')}
            description={manga ? t('volumes.noneHint') : t('issues.noneHint')}
          />
        ) : (
          <>
            <ul className="ma-units">
              {manga
                ? volumes.map((v) => (
                    <VolumeCard key={v.id} volume={v} open={open} setOpen={setOpen} />
                  ))
                : issues.map((i) => (
                    <IssueRow key={i.id} issue={i} open={open} setOpen={setOpen} />
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
