import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { removePostEverywhere } from './posts-cache';

/** Author only; the server answers 403 for anyone else. */
export function deletePost(postId: string): Promise<unknown> {
  return api.delete(`/posts/${encodeURIComponent(postId)}`);
}

/** Deletes one's own post: it leaves every list, a toast confirms; a failure is toasted and rethrown. */
export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('posts');
  return useMutation({
    mutationFn: (postId: string) => deletePost(postId),
    onSuccess: (_data, postId) => {
      removePostEverywhere(queryClient, postId);
      toast({ title: t('delete.done'), variant: 'success' });
    },
    onError: (error) => {
      toast({ title: t('delete.failed'), description: error.message, variant: 'error' });
    },
  });
}
