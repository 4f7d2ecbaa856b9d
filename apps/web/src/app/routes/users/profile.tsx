import { useSession } from '@/features/auth/hooks/use-session';
import { SalesList } from '@/features/orders/components/sales-list';
import { OwnProfile } from '@/features/users/components/own-profile';
import { useUserLive } from '@/features/users/hooks/use-user-live';
import { ProfilePosts } from './profile-posts';

/** /profile: the signed-in user's profile (same layout as others', without Follow). */
export default function ProfilePage() {
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  useUserLive(viewerId);
  return (
    <>
      <OwnProfile
        renderPosts={(profile) => <ProfilePosts profile={profile} viewerId={viewerId} />}
      />
      <SalesList />
    </>
  );
}
