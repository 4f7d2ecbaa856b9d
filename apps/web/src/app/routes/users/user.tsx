import { Navigate, useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { useBlockStateQuery } from '@/features/settings/api/get-block-state';
import { BlockUserButton } from '@/features/settings/components/block-user-button';
import { UserProfile } from '@/features/users/components/user-profile';
import { useUserLive } from '@/features/users/hooks/use-user-live';
import { ProfilePosts } from './profile-posts';

/**
 * /user/:userid: another user's profile with Follow and Block; the signed-in user's own id
 * redirects to /profile. Someone the viewer blocked shows a notice instead of their posts.
 */
export default function UserPage() {
  const { userid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  useUserLive(userid);
  const own = viewerId !== null && viewerId === userid;
  const blockState = useBlockStateQuery(userid, { enabled: !own && userid !== '' });
  if (own) {
    return <Navigate to="/profile" replace />;
  }
  return (
    // A new id is a new page: no state (open lists, modals) carries over.
    <UserProfile
      key={userid}
      userId={userid}
      blocked={blockState.data?.blocked ?? false}
      renderBlock={(profile) => <BlockUserButton userId={profile.id} username={profile.username} />}
      renderPosts={(profile) => <ProfilePosts profile={profile} viewerId={viewerId} />}
    />
  );
}
