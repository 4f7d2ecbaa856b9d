import type { QueryKey } from '@tanstack/react-query';

/** What a comment list hangs under: a post or a media entry. */
export interface CommentTarget {
  kind: 'post' | 'media';
  id: string;
}

/** Query keys of the comments domain, one factory so cache patches cannot drift from the queries. */
export const commentKeys = {
  all: ['comments'] as const,
  lists: () => [...commentKeys.all, 'list'] as const,
  /** The keyset pages of one post's or media entry's comments (oldest first). */
  list: (target: CommentTarget) => [...commentKeys.lists(), target.kind, target.id] as const,
};

/** The target of a comment-list query key, or null for any other key. */
export function targetFromListKey(queryKey: QueryKey): CommentTarget | null {
  const [domain, scope, kind, id] = queryKey;
  if (domain !== 'comments' || scope !== 'list' || typeof id !== 'string') return null;
  return kind === 'post' || kind === 'media' ? { kind, id } : null;
}

/** The live topic that carries a target's comment events (`post:{id}` or `media:{id}`). */
export function liveTopicOf(target: CommentTarget): string {
  return `${target.kind}:${target.id}`;
}

/** The API path of a target's comments, relative to /api. */
export function commentsPath(target: CommentTarget): string {
  return `/${target.kind === 'post' ? 'posts' : 'media'}/${encodeURIComponent(target.id)}/comments`;
}
