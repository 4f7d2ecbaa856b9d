import {
  CreatePostInputSchema,
  LinkPreviewQuerySchema,
  PostTitleSchema,
  type CreatePostInput,
} from '@otakura/shared';
import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toSpoilerTagInput, type SpoilerDraft } from '@/components/spoiler/spoiler-tag-picker';
import { zodResolverOf } from '@/lib/zod-resolver';
import type { CommunityOption } from '../api/get-community-options';
import { useUploadQueue, type UploadItem } from './use-upload-queue';

export type ComposerTab = 'text' | 'media' | 'url';

/** The draft's fields in the form; the files live in upload queues (each with its progress). */
export interface ComposerValues {
  title: string;
  /** Named after the request's field, so its errors (client and server) land on the picker. */
  communityId: CommunityOption | null;
  body: string;
  url: string;
  spoiler: 0 | 1;
  nsfw: 0 | 1;
  /** The spoiler shield's tag (issue 12): the series and point the post spoils, or none. */
  spoilerTag: SpoilerDraft | null;
}

const EMPTY: ComposerValues = {
  title: '',
  communityId: null,
  body: '',
  url: '',
  spoiler: 0,
  nsfw: 0,
  spoilerTag: null,
};

/** The link as the shared schema reads it (`example.com` → `https://example.com`), or null. */
export function parseHttpUrl(value: string): string | null {
  const parsed = LinkPreviewQuerySchema.safeParse({ url: value });
  return parsed.success ? parsed.data.url : null;
}

/** The shared title rule's complaint about a title being typed (none while it is empty). */
export function titleIssue(title: string): string | undefined {
  if (title === '') return undefined;
  const parsed = PostTitleSchema.safeParse(title);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

interface Draft {
  tab: ComposerTab;
  media: UploadItem[];
  thumb: UploadItem | null;
}

/** What the draft would send, before the shared schema checks it. */
function toInput(values: ComposerValues, { tab, media, thumb }: Draft): Record<string, unknown> {
  const base = {
    title: values.title,
    communityId: values.communityId?.id,
    spoiler: values.spoiler,
    nsfw: values.nsfw,
    ...(values.spoilerTag ? { spoilerTag: toSpoilerTagInput(values.spoilerTag) } : {}),
  };
  if (tab === 'media') {
    const video = media.some((i) => i.kind === 'video');
    return {
      ...base,
      uploadIds: media.flatMap((i) => (i.upload ? [i.upload.id] : [])),
      ...(video && thumb?.upload ? { thumbnailUploadId: thumb.upload.id } : {}),
    };
  }
  if (tab === 'url') return { ...base, url: values.url };
  return { ...base, ...(values.body.trim() ? { body: values.body } : {}) };
}

/**
 * The new-post draft (spec §3 "New post draft"): title, community, spoiler and NSFW flags (0/1,
 * default 0), the text body, the files (uploaded as soon as they are picked) and the link, in a
 * react-hook-form whose resolver is the shared `CreatePostInputSchema` over what would be sent.
 */
export function usePostComposer() {
  const [tab, setTab] = useState<ComposerTab>('text');
  const media = useUploadQueue();
  const thumbnail = useUploadQueue();
  const thumb = thumbnail.items[0] ?? null;
  const draft: Draft = { tab, media: media.items, thumb };

  const form = useForm<ComposerValues, unknown, CreatePostInput>({
    defaultValues: EMPTY,
    // Read at submit time: the tab and the uploads are outside the form's values.
    resolver: (values, context, options) =>
      zodResolverOf(CreatePostInputSchema, (v: ComposerValues) => toInput(v, draft) as never)(
        values,
        context,
        options,
      ),
  });
  const values = useWatch({ control: form.control }) as ComposerValues;

  const video = media.items.find((i) => i.kind === 'video') ?? null;
  const uploading =
    media.items.some((i) => i.status !== 'done') || (thumb !== null && thumb.status !== 'done');
  const filesReady =
    tab !== 'media' ||
    (media.items.length > 0 && !uploading && (video === null || thumb?.status === 'done'));

  /** Spec §5: Post is enabled only when the shared schema accepts the draft and its files are up. */
  const canPost = filesReady && CreatePostInputSchema.safeParse(toInput(values, draft)).success;

  const dirty =
    values.title !== '' ||
    values.body !== '' ||
    values.url !== '' ||
    media.items.length > 0 ||
    values.communityId !== null ||
    values.spoiler === 1 ||
    values.nsfw === 1 ||
    values.spoilerTag !== null;

  const reset = useCallback(() => {
    setTab('text');
    form.reset(EMPTY);
    media.reset();
    thumbnail.reset();
  }, [form, media, thumbnail]);

  return { form, values, tab, setTab, media, thumbnail, video, uploading, canPost, dirty, reset };
}

export type PostComposer = ReturnType<typeof usePostComposer>;
