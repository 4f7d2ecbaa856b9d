import {
  COMMUNITY_ABOUT_MAX,
  COMMUNITY_NAME_MAX,
  LIMITS,
  UpdateCommunityInputSchema,
  UpsertCommunityInputSchema,
  type Community,
  type UpdateCommunityInput,
  type UpsertCommunityInput,
} from '@otakura/shared';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { isAbortError, useImageUpload } from '@/components/admin/upload-image';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { zodResolverOf } from '@/lib/zod-resolver';
import {
  useAdminCommunityQuery,
  useCommunityImageUpload,
  useCreateCommunityMutation,
  useUpdateCommunityMutation,
} from '../api/communities';
import { EditorLoadFailure, EditorSkeleton } from './editor-states';
import './admin-editor.css';

interface Values {
  name: string;
  about: string;
}

const FIELDS = ['name', 'about'] as const;
const MAX_MB = Math.round(LIMITS.imageUploadMaxBytes / (1024 * 1024));

const valuesOf = (c: Community | undefined): Values => ({
  name: c?.name ?? '',
  about: c?.about ?? '',
});

/** The fields that differ from the stored community (what a PATCH sends). */
function changesOf(values: Values, c: Community): UpdateCommunityInput {
  const changes: UpdateCommunityInput = {};
  if (values.name !== c.name) changes.name = values.name;
  if (values.about !== c.about) changes.about = values.about;
  return changes;
}

/** `/admin/communities/new` and `/admin/communities/:id`: loads the community, then the form. */
export function CommunityEditor({ communityId }: { communityId?: string }) {
  const { t } = useTranslation('admin');
  const query = useAdminCommunityQuery(communityId);
  const title = communityId ? t('communityEditor.editTitle') : t('communityEditor.newTitle');
  const back = { to: '/admin/communities', label: t('communityEditor.back') };

  if (!communityId) {
    return (
      <AdminPage title={title} back={back} width="narrow">
        <CommunityForm />
      </AdminPage>
    );
  }
  if (query.isPending) {
    return (
      <AdminPage title={title} back={back} width="narrow">
        <EditorSkeleton />
      </AdminPage>
    );
  }
  if (query.isError) {
    return (
      <AdminPage title={title} back={back} width="narrow">
        <EditorLoadFailure
          error={query.error}
          notFoundCode="community_not_found"
          notFound={{
            title: t('communityEditor.notFoundTitle'),
            description: t('communityEditor.notFoundDescription'),
          }}
          back={back}
          onRetry={() => void query.refetch()}
        />
      </AdminPage>
    );
  }
  const community = query.data;
  return (
    <AdminPage
      title={title}
      subtitle={t('communityEditor.stats', {
        members: t('communities.members', { count: community.memberCount }),
        posts: t('communityEditor.posts', { count: community.postCount }),
      })}
      back={back}
      width="narrow"
      actions={
        <Button asChild variant="secondary" size="sm">
          <Link to={`/community/${community.id}`}>
            <ExternalLink aria-hidden="true" className="admin-button-icon" />
            {t('communityEditor.openPage')}
          </Link>
        </Button>
      }
    >
      <CommunityForm key={community.id} community={community} />
    </AdminPage>
  );
}

/**
 * Name, about and picture. A new community is created first and its picture uploaded right
 * after (with its progress), then the editor of the new community opens; on an existing one the
 * picture uploads as soon as it is chosen. Field messages come from the shared schemas before
 * sending, and from the server after (its `validation_error` fields, 409 under the name).
 */
export function CommunityForm({ community }: { community?: Community }) {
  const { t } = useTranslation('admin');
  const { toast } = useToast();
  const navigate = useNavigate();
  const create = useCreateCommunityMutation();
  const update = useUpdateCommunityMutation(community?.id ?? '');
  const sendFor = useCommunityImageUpload();
  const uploader = useImageUpload<Community>(community ? sendFor(community.id) : undefined);
  const [pendingFile, setPendingFile] = useState<File | null>(null);

  const form = useForm<Values, unknown, UpsertCommunityInput | UpdateCommunityInput>({
    defaultValues: valuesOf(community),
    resolver: community
      ? zodResolverOf(UpdateCommunityInputSchema, (v: Values) => changesOf(v, community))
      : zodResolverOf(UpsertCommunityInputSchema, (v: Values) => v),
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control }) as Values;
  const dirty = community ? Object.keys(changesOf(watched, community)).length > 0 : true;

  const uploadError =
    uploader.error && !isAbortError(uploader.error) ? apiErrorText(t, uploader.error) : null;

  const submit = submitHandler(
    form,
    async (input) => {
      if (!community) {
        const created = await create.mutateAsync(input as UpsertCommunityInput);
        if (pendingFile) {
          try {
            await uploader.upload(pendingFile, sendFor(created.id));
          } catch (error) {
            if (!isAbortError(error)) {
              toast({
                variant: 'error',
                title: t('communityEditor.pictureFailed'),
                description: apiErrorText(t, error),
              });
            }
          }
        }
        toast({ variant: 'success', title: t('communityEditor.created') });
        void navigate(`/admin/communities/${created.id}`, { replace: true });
        return;
      }
      const changes = input as UpdateCommunityInput;
      if (Object.keys(changes).length === 0) return;
      const saved = await update.mutateAsync(changes);
      form.reset(valuesOf(saved));
      toast({ variant: 'success', title: t('communityEditor.saved') });
    },
    {
      fields: FIELDS,
      codes: { community_name_taken: 'name' },
      message: (e) => apiErrorText(t, e),
    },
  );

  const onPick = (file: File) => {
    uploader.reset();
    if (!community) {
      setPendingFile(file);
      return;
    }
    uploader.upload(file).then(
      () => toast({ variant: 'success', title: t('communityEditor.pictureSaved') }),
      () => {
        // The field shows the failure; a cancel needs no word.
      },
    );
  };

  const serverError = formError(errors);
  const busy = create.isPending || update.isPending || uploader.isPending;
  const shownName = watched.name || community?.name || '';

  return (
    <form className="admin-editor" onSubmit={submit} noValidate>
      <Input
        label={t('communityEditor.name')}
        {...form.register('name')}
        error={fieldError(errors.name)}
        hint={t('communityEditor.nameHint', { max: COMMUNITY_NAME_MAX })}
        maxLength={COMMUNITY_NAME_MAX + 20}
        autoComplete="off"
      />
      <Textarea
        label={t('communityEditor.about')}
        {...form.register('about')}
        error={fieldError(errors.about)}
        hint={t('communityEditor.aboutHint', { max: COMMUNITY_ABOUT_MAX })}
        rows={5}
      />
      <ImageUploadField
        label={t('communityEditor.picture')}
        hint={t('communityEditor.pictureHint', { max: MAX_MB })}
        currentUrl={community?.imageUrl ?? null}
        currentAlt={t('communityEditor.pictureAlt', { name: shownName })}
        onPick={onPick}
        status={uploader.status}
        onCancel={uploader.cancel}
        error={uploadError}
        pending={!community}
        disabled={create.isPending || update.isPending}
        inputTestId="community-image-input"
      >
        {community?.thumbnailUrl ? (
          <figure className="admin-editor__thumb">
            <img
              src={community.thumbnailUrl}
              alt={t('communityEditor.thumbnailAlt', { name: community.name })}
            />
            <figcaption>{t('communityEditor.thumbnail')}</figcaption>
          </figure>
        ) : null}
      </ImageUploadField>

      {serverError ? (
        <p className="admin-editor__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="admin-editor__actions">
        <Button type="submit" loading={busy} disabled={!dirty && !busy}>
          {community ? t('common.save') : t('communityEditor.create')}
        </Button>
      </div>
    </form>
  );
}
