import type { Media } from '@otakura/shared';
import { CircleAlert, ExternalLink, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useAdminEntryQuery } from '../api/get-admin-entry';
import { useCreateMediaMutation, useUpdateMediaMutation } from '../api/save-media';
import { createInputOf, updateInputOf } from '../utils/details-values';
import { EpisodesSection } from './episodes-section';
import { MediaDetailsForm } from './media-details-form';
import { MediaPictures } from './media-pictures';
import { SeriesCommunityField } from './series-community-field';
import { VolumesSection } from './volumes-section';
import './media-editor.css';

const TABS = ['details', 'pictures', 'content'] as const;
type Tab = (typeof TABS)[number];

function useBack() {
  const { t } = useTranslation('media-admin');
  return { to: '/admin/media', label: t('editor.back') };
}

/** /admin/media/new: the details form alone; once created, the entry's editor opens on Pictures. */
export function NewMediaScreen() {
  const { t } = useTranslation('media-admin');
  const navigate = useNavigate();
  const { toast } = useToast();
  const create = useCreateMediaMutation();
  return (
    <AdminPage title={t('editor.newTitle')} back={useBack()} width="narrow">
      <MediaDetailsForm
        pending={create.isPending}
        onSubmit={async (values) => {
          const media = await create.mutateAsync(createInputOf(values));
          toast({ variant: 'success', title: t('editor.created', { title: media.title }) });
          void navigate(`/admin/media/${encodeURIComponent(media.id)}?tab=pictures`, {
            replace: true,
          });
        }}
      />
    </AdminPage>
  );
}

function EditorTabs({ media }: { media: Media }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const update = useUpdateMediaMutation(media.id);
  const wanted = params.get('tab');
  const tab: Tab = TABS.includes(wanted as Tab) ? (wanted as Tab) : 'details';
  const contentLabel =
    media.kind === 'video'
      ? t('editor.tabEpisodes')
      : media.kind === 'manga'
        ? t('editor.tabVolumes')
        : t('editor.tabIssues');
  const labels: Record<Tab, string> = {
    details: t('editor.tabDetails'),
    pictures: t('editor.tabPictures'),
    content: contentLabel,
  };
  return (
    <Tabs
      value={tab}
      onValueChange={(v) =>
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            if (v === 'details') next.delete('tab');
            else next.set('tab', v);
            return next;
          },
          { replace: true },
        )
      }
      className="ma-editor"
    >
      <TabsList aria-label={t('editor.sections')}>
        {TABS.map((k) => (
          <TabsTrigger key={k} value={k}>
            {labels[k]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="details" className="ma-editor__panel">
        <h2 className="visually-hidden">{labels.details}</h2>
        <MediaDetailsForm
          media={media}
          pending={update.isPending}
          onSubmit={async (values) => {
            await update.mutateAsync(updateInputOf(values));
            toast({ variant: 'success', title: t('editor.saved') });
          }}
        />
        <SeriesCommunityField media={media} />
      </TabsContent>
      <TabsContent value="pictures" className="ma-editor__panel">
        <h2 className="visually-hidden">{labels.pictures}</h2>
        <MediaPictures media={media} />
      </TabsContent>
      <TabsContent value="content" className="ma-editor__panel">
        <h2 className="visually-hidden">{labels.content}</h2>
        {media.kind === 'video' ? (
          <EpisodesSection mediaId={media.id} />
        ) : (
          <VolumesSection mediaId={media.id} kind={media.kind} />
        )}
      </TabsContent>
    </Tabs>
  );
}

/** /admin/media/:mediaid: details, pictures, and the episodes or volumes / issues with pages. */
export function EditMediaScreen({ mediaId }: { mediaId: string }) {
  const { t } = useTranslation('media-admin');
  const query = useAdminEntryQuery(mediaId);
  const back = useBack();
  const media = query.data;

  if (query.isPending) {
    return (
      <AdminPage title={t('editor.loadingTitle')} back={back}>
        <div role="status" className="ma-editor__loading">
          <span className="visually-hidden">{t('loading')}</span>
          <Skeleton height={40} width="60%" />
          <Skeleton height={44} />
          <Skeleton height={44} />
          <Skeleton height={120} />
        </div>
      </AdminPage>
    );
  }
  if (!media) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <AdminPage title={missing ? t('editor.notFound') : t('editor.loadError')} back={back}>
        <EmptyState
          icon={missing ? <SearchX /> : <CircleAlert />}
          title={missing ? t('editor.notFound') : t('editor.loadError')}
          description={missing ? t('editor.notFoundHint') : apiErrorText(t, query.error)}
          action={
            missing ? (
              <Button asChild variant="secondary">
                <Link to="/admin/media">{t('editor.back')}</Link>
              </Button>
            ) : (
              <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
            )
          }
        />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={media.title}
      subtitle={t(`kinds.${media.kind}`)}
      back={back}
      actions={
        <Button asChild variant="secondary">
          <Link to={`/media/${encodeURIComponent(media.id)}`}>
            <ExternalLink aria-hidden="true" />
            {t('editor.open')}
          </Link>
        </Button>
      }
    >
      <EditorTabs media={media} />
    </AdminPage>
  );
}
