import { LIMITS, type CreatePostInput } from '@otakura/shared';
import { FileText, Image as ImageIcon, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Textarea } from '@/components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { applyServerError, fieldError, formError, localizeMessage } from '@/lib/forms';
import i18n, { formatNumber } from '@/lib/i18n';
import { SpoilerTagPicker } from '@/components/spoiler/spoiler-tag-picker';
import { useCreatePostMutation } from '../api/create-post';
import { useCommunitySeries } from '../api/get-community-series';
import { titleIssue, usePostComposer, type ComposerTab } from '../hooks/use-post-composer';
import { CommunityPicker } from './community-picker';
import { FlagSwitch } from './flag-switch';
import { MediaPicker } from './media-picker';
import { NoticeDialog } from './notice-dialog';
import { UrlField } from './url-field';
import './create-post-form.css';

const FIELDS = ['title', 'communityId', 'body', 'url'] as const;
/** The server names the tag's parts as the request has them; the picker's fields take them. */
const RENAMES = {
  'spoilerTag.mediaId': 'spoilerTag.series',
  'spoilerTag.unit': 'spoilerTag.unit',
  'spoilerTag.number': 'spoilerTag.number',
} as const;

/** Whether a spoiler tag being written names a series and a whole number from 1. */
function spoilerTagComplete(draft: { series: unknown; number: string }): boolean {
  return draft.series !== null && /^[1-9]\d*$/.test(draft.number.trim());
}

/** "a title and a community" in the current language. */
function listFormat(items: string[]): string {
  return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
}

/**
 * /create-post (spec §2, §4, §5): tabs Text, Media and Url; title, community, Spoiler and NSFW;
 * Post is enabled only when the draft is valid. After posting, the draft is reset and the user
 * is taken to the new post. Leaving with a draft asks first.
 */
export function CreatePostForm() {
  const { t } = useTranslation('posts');
  const { toast } = useToast();
  const navigate = useNavigate();
  const composer = usePostComposer();
  const { form, values } = composer;
  const { errors } = form.formState;
  const create = useCreatePostMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const submitted = useRef(false);

  /* ---------- Leaving with a draft ---------- */
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      composer.dirty && !submitted.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!composer.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitted.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [composer.dirty]);

  const submit = async (input: CreatePostInput) => {
    if (!composer.canPost || create.isPending) return;
    try {
      const post = await create.mutateAsync(input);
      submitted.current = true;
      composer.reset();
      toast({ title: t('composer.posted'), variant: 'success' });
      void navigate(`/post/${post.id}`);
    } catch (error) {
      // The files are not fields: a refusal about them is the spec's notice.
      const files = isApiError(error, 'validation_error')
        ? error.details?.find((d) => /^(uploadIds|thumbnailUploadId)\b/.test(d.path))
        : undefined;
      if (files) setNotice(localizeMessage(files.message));
      applyServerError(form.setError, error, {
        fields: FIELDS,
        rename: RENAMES,
        message: (e) => (files ? '' : `${t('composer.failed')} ${apiErrorText(t, e)}`),
      });
    }
  };

  const titleError = fieldError(errors.title) ?? fieldError({ message: titleIssue(values.title) });
  const missing: string[] = [];
  if (titleIssue(values.title) !== undefined || values.title.trim() === '')
    missing.push(t('composer.missing.title'));
  if (!values.communityId) missing.push(t('composer.missing.community'));
  if (composer.tab === 'media' && composer.media.items.length === 0)
    missing.push(t('composer.missing.media'));
  if (composer.tab === 'url' && !composer.canPost && values.url.trim() === '')
    missing.push(t('composer.missing.url'));
  if (values.spoilerTag && !spoilerTagComplete(values.spoilerTag))
    missing.push(t('composer.missing.spoilerTag'));
  const serverError = formError(errors);
  // A series' own community offers its series as the spoiler tag's.
  const communitySeries = useCommunitySeries(values.communityId?.id);
  const tagErrors = errors.spoilerTag as
    Partial<Record<'series' | 'mediaId' | 'unit' | 'number', { message?: string }>> | undefined;

  return (
    <form
      className="composer"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      noValidate
    >
      <Tabs value={composer.tab} onValueChange={(v) => composer.setTab(v as ComposerTab)}>
        <TabsList aria-label={t('composer.typeLabel')} className="composer__tabs">
          <TabsTrigger value="text">
            <FileText aria-hidden="true" />
            {t('composer.tabs.text')}
          </TabsTrigger>
          <TabsTrigger value="media">
            <ImageIcon aria-hidden="true" />
            {t('composer.tabs.media')}
          </TabsTrigger>
          <TabsTrigger value="url">
            <Link2 aria-hidden="true" />
            {t('composer.tabs.url')}
          </TabsTrigger>
        </TabsList>

        <div className="composer__common">
          <div className="composer__title">
            <Input
              label={t('composer.title')}
              placeholder={t('composer.titlePlaceholder')}
              maxLength={LIMITS.titleMax}
              {...form.register('title')}
              error={titleError}
            />
            <span className="composer__counter tabular-nums" aria-hidden="true">
              {values.title.length}/{LIMITS.titleValidMax}
            </span>
          </div>
          <Controller
            control={form.control}
            name="communityId"
            render={({ field, fieldState }) => (
              <CommunityPicker
                value={field.value}
                onChange={field.onChange}
                error={fieldError(fieldState.error)}
              />
            )}
          />
        </div>

        <TabsContent value="text" className="composer__panel">
          <div className="composer__body">
            <Textarea
              label={t('composer.body')}
              placeholder={t('composer.bodyPlaceholder')}
              maxLength={LIMITS.bodyMax}
              rows={8}
              {...form.register('body')}
              error={fieldError(errors.body)}
              hint={t('composer.bodyCount', {
                count: values.body.length,
                current: formatNumber(values.body.length),
                max: formatNumber(LIMITS.bodyMax),
              })}
            />
          </div>
        </TabsContent>
        <TabsContent value="media" className="composer__panel">
          <MediaPicker composer={composer} onNotice={setNotice} />
        </TabsContent>
        <TabsContent value="url" className="composer__panel">
          <Controller
            control={form.control}
            name="url"
            render={({ field, fieldState }) => (
              <UrlField
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError(fieldState.error)}
              />
            )}
          />
        </TabsContent>
      </Tabs>

      <Controller
        control={form.control}
        name="spoilerTag"
        render={({ field }) => (
          <SpoilerTagPicker
            value={field.value}
            onChange={field.onChange}
            suggested={communitySeries}
            errors={{
              series: fieldError(tagErrors?.series ?? tagErrors?.mediaId),
              unit: fieldError(tagErrors?.unit),
              number: fieldError(tagErrors?.number),
            }}
          />
        )}
      />

      <div className="composer__flags">
        <Controller
          control={form.control}
          name="spoiler"
          render={({ field }) => (
            <FlagSwitch
              label={t('composer.spoiler')}
              hint={t('composer.spoilerHint')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="nsfw"
          render={({ field }) => (
            <FlagSwitch
              label={t('composer.nsfw')}
              hint={t('composer.nsfwHint')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>

      <div className="composer__footer">
        {serverError ? (
          <p className="composer__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <p className="composer__status" aria-live="polite">
          {composer.canPost
            ? ''
            : composer.uploading
              ? t('composer.waitUploads')
              : missing.length > 0
                ? t('composer.needs', { list: listFormat(missing) })
                : ''}
        </p>
        <Button type="submit" size="lg" disabled={!composer.canPost} loading={create.isPending}>
          {t('composer.post')}
        </Button>
      </div>

      <NoticeDialog message={notice} onClose={() => setNotice(null)} />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title={t('composer.leave.title')}
        description={t('composer.leave.description')}
        confirmLabel={t('composer.leave.confirm')}
        cancelLabel={t('composer.leave.cancel')}
        onConfirm={() => {
          if (blocker.state === 'blocked') blocker.proceed();
        }}
      />
    </form>
  );
}
