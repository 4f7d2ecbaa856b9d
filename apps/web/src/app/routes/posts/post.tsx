import { useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { PostView } from '@/features/posts/components/post-view';
import { LivePostTopics } from './live-post-topics';

/** /post/:postid: a single post as a page (spec §2 Post page), with its comments. */
export default function PostPage() {
  const { postid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  return (
    <>
      <LivePostTopics postIds={postid ? [postid] : []} />
      <PostView
        key={postid}
        postId={postid}
        viewerId={viewerId}
        renderComments={(post) => <CommentsSection postId={post.id} headingLevel={2} />}
      />
    </>
  );
}
