import { LIMITS } from '@otakura/shared';
import { FileText, Image as ImageIcon, Link2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Textarea } from '@/components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import i18n, { formatNumber } from '@/lib/i18n';
import { useCreatePostMutation } from '../api/create-post';
import { isTitleValid, usePostComposer, type ComposerTab } from '../hooks/use-post-composer';
import { CommunityPicker } from './community-picker';
import { FlagSwitch } from './flag-switch';
import { MediaPicker } from './media-picker';
import { NoticeDialog } from './notice-dialog';
import { UrlField } from './url-field';
import './create-post-form.css';

type FieldName = 'title' | 'communityId' | 'body' | 'url' | 'uploadIds';
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELDS: readonly FieldName[] = ['title', 'communityId', 'body', 'url', 'uploadIds'];

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
  const create = useCreatePostMutation();
  const [errors, setErrors] = useState<FieldErrors>({});
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

  const clearError = (field: FieldName) =>
    setErrors((all) => (all[field] ? { ...all, [field]: undefined } : all));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!composer.canPost || create.isPending) return;
    const input = composer.buildInput();
    if (!input) return;
    try {
      const post = await create.mutateAsync(input);
      submitted.current = true;
      composer.reset();
      toast({ title: t('composer.posted'), variant: 'success' });
      void navigate(`/post/${post.id}`);
    } catch (error) {
      if (isApiError(error, 'validation_error') && error.details?.length) {
        const next: FieldErrors = {};
        for (const issue of error.details) {
          const field = FIELDS.find((f) => issue.path === f || issue.path.startsWith(`${f}.`));
          if (field) next[field] ??= issue.message;
        }
        setErrors(next);
        if (next.uploadIds) setNotice(next.uploadIds);
        if (Object.keys(next).length > 0) return;
      }
      toast({
        title: t('composer.failed'),
        description: error instanceof Error ? error.message : undefined,
        variant: 'error',
      });
    }
  };

  const titleTooLong = composer.title.length > LIMITS.titleValidMax;
  const missing: string[] = [];
  if (!isTitleValid(composer.title)) missing.push(t('composer.missing.title'));
  if (!composer.community) missing.push(t('composer.missing.community'));
  if (composer.tab === 'media' && composer.media.items.length === 0)
    missing.push(t('composer.missing.media'));
  if (composer.tab === 'url' && !composer.canPost && composer.url.trim() === '')
    missing.push(t('composer.missing.url'));

  return (
    <form className="composer" onSubmit={(e) => void submit(e)} noValidate>
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
              value={composer.title}
              maxLength={LIMITS.titleMax}
              onChange={(e) => {
                composer.setTitle(e.target.value);
                clearError('title');
              }}
              error={
                errors.title ??
                (titleTooLong
                  ? t('composer.titleTooLong', { max: LIMITS.titleValidMax })
                  : undefined)
              }
            />
            <span className="composer__counter tabular-nums" aria-hidden="true">
              {composer.title.length}/{LIMITS.titleValidMax}
            </span>
          </div>
          <CommunityPicker
            value={composer.community}
            onChange={(c) => {
              composer.setCommunity(c);
              clearError('communityId');
            }}
            error={errors.communityId}
          />
        </div>

        <TabsContent value="text" className="composer__panel">
          <div className="composer__body">
            <Textarea
              label={t('composer.body')}
              placeholder={t('composer.bodyPlaceholder')}
              value={composer.body}
              maxLength={LIMITS.bodyMax}
              rows={8}
              onChange={(e) => {
                composer.setBody(e.target.value);
                clearError('body');
              }}
              error={errors.body}
              hint={t('composer.bodyCount', {
                count: composer.body.length,
                current: formatNumber(composer.body.length),
                max: formatNumber(LIMITS.bodyMax),
              })}
            />
          </div>
        </TabsContent>
        <TabsContent value="media" className="composer__panel">
          <MediaPicker composer={composer} onNotice={setNotice} />
        </TabsContent>
        <TabsContent value="url" className="composer__panel">
          <UrlField
            value={composer.url}
            onChange={(v) => {
              composer.setUrl(v);
              clearError('url');
            }}
            error={errors.url}
          />
        </TabsContent>
      </Tabs>

      <div className="composer__flags">
        <FlagSwitch
          label={t('composer.spoiler')}
          hint={t('composer.spoilerHint')}
          value={composer.spoiler}
          onChange={composer.setSpoiler}
        />
        <FlagSwitch
          label={t('composer.nsfw')}
          hint={t('composer.nsfwHint')}
          value={composer.nsfw}
          onChange={composer.setNsfw}
        />
      </div>

      <div className="composer__footer">
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
