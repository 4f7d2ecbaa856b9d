import type { Post } from '@otakura/shared';
import { SpoilerCover } from '@/components/spoiler/spoiler-cover';
import { useRevealPost } from '../hooks/use-spoiler-reveal';

/** The spoiler shield's cover of a post, with its Reveal wired to POST /posts/:id/reveal. */
export function PostSpoilerCover({ post, compact }: { post: Post; compact?: boolean }) {
  const { reveal, pending, failed } = useRevealPost(post.id);
  if (!post.spoilerTag) return null;
  return (
    <SpoilerCover
      tag={post.spoilerTag}
      onReveal={reveal}
      pending={pending}
      failed={failed}
      compact={compact}
      className={compact ? 'post-card__spoiler' : 'post-detail__spoiler'}
    />
  );
}
