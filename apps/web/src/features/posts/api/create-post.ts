import { PostSchema, type CreatePostInput, type Post } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';

export function createPost(input: CreatePostInput): Promise<Post> {
  return api.post('/posts', { body: input, schema: PostSchema });
}

/**
 * Writes a post (spec §4 Create post). On success the post is cached for its page and every list
 * refetches; the caller resets the draft and navigates. Errors are left to the form, which puts
 * `validation_error` details on its fields and toasts the rest.
 */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
