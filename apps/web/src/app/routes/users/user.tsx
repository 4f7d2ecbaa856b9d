import { Navigate, useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { UserProfile } from '@/features/users/components/user-profile';

/** /user/:userid: another user's profile; the signed-in user's own id redirects to /profile. */
export default function UserPage() {
  const { userid = '' } = useParams();
  const session = useSession();
  if (session.status === 'signed-in' && session.user.id === userid) {
    return <Navigate to="/profile" replace />;
  }
  // A new id is a new page: no state (open lists, modals) carries over.
  return <UserProfile key={userid} userId={userid} />;
}
