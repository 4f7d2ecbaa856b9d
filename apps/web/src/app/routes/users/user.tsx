import { Navigate, useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { UserProfile } from '@/features/users/components/user-profile';
import { ProfilePosts } from './profile-posts';

/** /user/:userid: another user's profile; the signed-in user's own id redirects to /profile. */
export default function UserPage() {
  const { userid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  if (viewerId !== null && viewerId === userid) {
    return <Navigate to="/profile" replace />;
  }
  return (
    // A new id is a new page: no state (open lists, modals) carries over.
    <UserProfile
      key={userid}
      userId={userid}
      renderPosts={(profile) => <ProfilePosts profile={profile} viewerId={viewerId} />}
    />
  );
}
