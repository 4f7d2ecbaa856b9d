import { LIMITS, LinkPreviewQuerySchema, type CreatePostInput } from '@otakura/shared';
import { useCallback, useMemo, useState } from 'react';
import type { CommunityOption } from '../api/get-community-options';
import { useUploadQueue } from './use-upload-queue';

export type ComposerTab = 'text' | 'media' | 'url';

/** Spec §5: the title must be 1 to 999 characters (the input itself allows 1000). */
export function isTitleValid(title: string): boolean {
  return title.trim().length >= 1 && title.length <= LIMITS.titleValidMax;
}

export function isHttpUrl(value: string): boolean {
  return LinkPreviewQuerySchema.safeParse({ url: value.trim() }).success;
}

/**
 * The new-post draft (spec §3 "New post draft"): title, community, spoiler and NSFW flags (0/1,
 * default 0), the text body, the files (uploaded as soon as they are picked) and the link.
 */
export function usePostComposer() {
  const [tab, setTab] = useState<ComposerTab>('text');
  const [title, setTitle] = useState('');
  const [community, setCommunity] = useState<CommunityOption | null>(null);
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [spoiler, setSpoiler] = useState<0 | 1>(0);
  const [nsfw, setNsfw] = useState<0 | 1>(0);
  const media = useUploadQueue();
  const thumbnail = useUploadQueue();

  const video = media.items.find((i) => i.kind === 'video') ?? null;
  const thumb = thumbnail.items[0] ?? null;
  const uploading =
    media.items.some((i) => i.status !== 'done') || (thumb !== null && thumb.status !== 'done');

  const tabReady = useMemo(() => {
    if (tab === 'text') return body.length <= LIMITS.bodyMax;
    if (tab === 'url') return isHttpUrl(url);
    if (media.items.length === 0 || uploading) return false;
    return video === null || thumb?.status === 'done';
  }, [tab, body, url, media.items.length, uploading, video, thumb]);

  /** Spec §5: Post is enabled only with a valid title and a chosen community (and a ready tab). */
  const canPost = isTitleValid(title) && community !== null && tabReady;

  const dirty =
    title !== '' ||
    body !== '' ||
    url !== '' ||
    media.items.length > 0 ||
    community !== null ||
    spoiler === 1 ||
    nsfw === 1;

  const buildInput = useCallback((): CreatePostInput | null => {
    if (!community) return null;
    const base = { title, communityId: community.id, spoiler, nsfw };
    if (tab === 'media') {
      const uploadIds = media.items.flatMap((i) => (i.upload ? [i.upload.id] : []));
      return {
        ...base,
        uploadIds,
        ...(video && thumb?.upload ? { thumbnailUploadId: thumb.upload.id } : {}),
      };
    }
    if (tab === 'url') return { ...base, url: url.trim() };
    return { ...base, ...(body.trim() ? { body } : {}) };
  }, [community, title, spoiler, nsfw, tab, media.items, video, thumb, url, body]);

  const reset = useCallback(() => {
    setTab('text');
    setTitle('');
    setCommunity(null);
    setBody('');
    setUrl('');
    setSpoiler(0);
    setNsfw(0);
    media.reset();
    thumbnail.reset();
  }, [media, thumbnail]);

  return {
    tab,
    setTab,
    title,
    setTitle,
    community,
    setCommunity,
    body,
    setBody,
    url,
    setUrl,
    spoiler,
    setSpoiler,
    nsfw,
    setNsfw,
    media,
    thumbnail,
    video,
    uploading,
    canPost,
    dirty,
    buildInput,
    reset,
  };
}

export type PostComposer = ReturnType<typeof usePostComposer>;
