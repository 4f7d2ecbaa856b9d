import { useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { PostView } from '@/features/posts/components/post-view';
import { usePostsLive } from '@/features/posts/hooks/use-posts-live';

/** /post/:postid: a single post as a page (spec §2 Post page), with its comments. */
export default function PostPage() {
  const { postid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  usePostsLive({ viewerId, postIds: postid ? [postid] : [] });
  return (
    <>
      <PostView
        key={postid}
        postId={postid}
        viewerId={viewerId}
        renderComments={(post) => <CommentsSection postId={post.id} headingLevel={2} />}
      />
    </>
  );
}
