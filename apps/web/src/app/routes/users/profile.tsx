import { OwnProfile } from '@/features/users/components/own-profile';

/** /profile: the signed-in user's profile (same layout as others', without Follow). */
export default function ProfilePage() {
  return <OwnProfile />;
}
