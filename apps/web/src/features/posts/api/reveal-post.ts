import { PostSchema, type Post } from '@otakura/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /posts/:id/reveal`: the post past the spoiler shield, for the viewer only. The server
 * remembers nothing; the client keeps the answer for this visit (hooks/use-spoiler-reveal).
 */
export function revealPost(postId: string): Promise<Post> {
  return api.post(`/posts/${encodeURIComponent(postId)}/reveal`, { schema: PostSchema });
}
