import {
  ReaderPrefsSchema,
  type IssueDetail,
  type ReaderPrefs,
  type UpdateReaderPrefsInput,
} from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** `PUT /media/:id/reader-prefs`: only the fields given change; answers the whole prefs. */
export function updateReaderPrefs(
  mediaId: string,
  input: UpdateReaderPrefsInput,
): Promise<ReaderPrefs> {
  return api.put(`/media/${encodeURIComponent(mediaId)}/reader-prefs`, {
    body: input,
    schema: ReaderPrefsSchema,
  });
}

/**
 * The reader's settings of one series. A change applies at once to every cached issue of the
 * series (the reader reads its prefs from there) and is then saved; saves of one series run one
 * after another so an older choice never lands last. A failed save keeps the choice on screen and
 * says it was not kept.
 */
export function useUpdateReaderPrefsMutation(mediaId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('reader');

  const patchCachedIssues = (patch: UpdateReaderPrefsInput) =>
    queryClient.setQueriesData<IssueDetail>({ queryKey: mediaKeys.issues() }, (issue) =>
      issue && issue.media.id === mediaId
        ? { ...issue, prefs: { ...issue.prefs, ...patch } }
        : issue,
    );

  return useMutation({
    mutationKey: [...mediaKeys.issues(), 'prefs', mediaId],
    scope: { id: `reader-prefs:${mediaId}` },
    mutationFn: (input: UpdateReaderPrefsInput) => updateReaderPrefs(mediaId, input),
    onMutate: (input) => {
      patchCachedIssues(input);
    },
    onError: () => {
      toast({ title: t('prefsFailed'), variant: 'error' });
    },
  });
}
