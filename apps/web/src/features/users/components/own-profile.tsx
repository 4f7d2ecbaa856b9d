import { useMeQuery } from '../api/get-me';
import { ProfileLoadError } from './profile-states';
import { ProfileSkeleton } from './profile-skeleton';
import { ProfileView } from './profile-view';
import { UserPostsGrid } from './user-posts-grid';

/** /profile: the signed-in user's profile, with editable pictures and the set-once inputs. */
export function OwnProfile() {
  const me = useMeQuery();
  if (me.isPending) return <ProfileSkeleton />;
  if (me.isError) return <ProfileLoadError error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <ProfileView profile={me.data} me={me.data}>
      <UserPostsGrid userId={me.data.id} username={me.data.username} own />
    </ProfileView>
  );
}
